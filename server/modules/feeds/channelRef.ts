import { CHANNEL_ID } from './parseFeed';

/** A way to name a YouTube channel: its id, or its handle (without the @). */
export type ChannelRef = { kind: 'id'; id: string } | { kind: 'handle'; handle: string };

const HANDLE = /^[\w.-]{3,100}$/;
const YOUTUBE_HOST = /^(www\.|m\.)?youtube\.com$/;

/**
 * Reads what a person pastes to name a channel: `UC…` ids, `@handle`, a bare handle, or a
 * youtube.com URL (`/channel/UC…`, `/@handle`). Anything else is null.
 */
export function parseChannelRef(input: string): ChannelRef | null {
  const value = input.trim();
  if (CHANNEL_ID.test(value)) return { kind: 'id', id: value };
  if (/^https?:\/\//i.test(value) || /^(www\.|m\.)?youtube\.com\//i.test(value)) return fromUrl(value);
  const handle = value.startsWith('@') ? value.slice(1) : value;
  return HANDLE.test(handle) ? { kind: 'handle', handle } : null;
}

function fromUrl(value: string): ChannelRef | null {
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (!YOUTUBE_HOST.test(url.hostname.toLowerCase())) return null;
  const parts = url.pathname.split('/').filter(Boolean).map(decodedSegment);
  // A segment that is not valid percent-encoding (`%ff`, a lone `%`) names no channel.
  if (parts.includes(null)) return null;
  const [first, second] = parts;
  if (first === 'channel' && second && CHANNEL_ID.test(second)) return { kind: 'id', id: second };
  if (first?.startsWith('@') && HANDLE.test(first.slice(1))) return { kind: 'handle', handle: first.slice(1) };
  return null;
}

function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
