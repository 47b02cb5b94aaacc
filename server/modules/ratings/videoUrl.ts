const VIDEO_ID = /^[\w-]{11}$/;
const WATCH_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
const PATH_HOSTS = new Set([...WATCH_HOSTS, 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const ID_IN_PATH = /^\/(?:embed|shorts|live|v)\/([\w-]{11})(?:[/?]|$)/;

/**
 * The YouTube video id of a video address (`watch?v=`, `youtu.be/`, `embed/`, `shorts/`,
 * `live/`), or null: ratings are kept per video, whichever form of its address was sent.
 */
export function youtubeVideoId(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0];
  else if (WATCH_HOSTS.has(host) && url.pathname === '/watch') id = url.searchParams.get('v');
  else if (PATH_HOSTS.has(host)) id = ID_IN_PATH.exec(url.pathname)?.[1];
  return id && VIDEO_ID.test(id) ? id : null;
}
