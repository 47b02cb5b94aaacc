import type { XPost, XSnapshot } from './types';

export type XErrorKind = 'unreachable' | 'notFound' | 'refused' | 'rateLimited' | 'status' | 'garbage';

/** A call to X's API that did not give what was asked; the kind says why. */
export class XError extends Error {
  constructor(
    readonly kind: XErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export interface XClientOptions {
  /** X_API_BASE_URL: X's API origin, or a stand-in's. */
  baseUrl: string;
  /** X_API_BEARER_TOKEN. */
  bearerToken: string;
  timeoutMs?: number;
}

export interface XClient {
  /** The account and its latest posts (at most `count`, X serves 5 to 100 a page). */
  readAccount(username: string, count: number): Promise<XSnapshot>;
  /** Publishes a post; answers its id and text. */
  post(text: string): Promise<{ id: string; text: string }>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_BYTES = 2 * 1024 * 1024;
const X_SITE = 'https://x.com';
const USER_FIELDS = 'description,profile_image_url,public_metrics,created_at';
const POST_FIELDS = 'created_at,public_metrics';

type Json = Record<string, unknown>;

const asObject = (value: unknown): Json | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
const count = (value: unknown) => (Number.isSafeInteger(value) && Number(value) >= 0 ? Number(value) : 0);
const isId = (value: unknown): value is string => typeof value === 'string' && /^\d{1,25}$/.test(value);

function toPost(value: unknown, username: string): XPost {
  const post = asObject(value);
  if (!post || !isId(post.id) || typeof post.text !== 'string') throw new XError('garbage', 'a post without id or text');
  const metrics = asObject(post.public_metrics) ?? {};
  const created = typeof post.created_at === 'string' && !Number.isNaN(Date.parse(post.created_at)) ? post.created_at : null;
  return {
    id: post.id,
    text: post.text,
    created,
    likes: count(metrics.like_count),
    reposts: count(metrics.retweet_count),
    replies: count(metrics.reply_count),
    url: `${X_SITE}/${username}/status/${post.id}`,
  };
}

/** X answers an unknown account with 200 and a resource-not-found problem instead of data. */
const isNotFound = (body: Json) =>
  Array.isArray(body.errors) && body.errors.some((e) => String(asObject(e)?.type ?? '').endsWith('/resource-not-found'));

/** X API v2 (`/2/users/by/username/…`, `/2/users/{id}/tweets`, `/2/tweets`) with a bearer token. */
export function createXClient({ baseUrl, bearerToken, timeoutMs = DEFAULT_TIMEOUT_MS }: XClientOptions): XClient {
  const base = baseUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Json> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          authorization: `Bearer ${bearerToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      throw new XError('unreachable', `X unreachable (${cause})`);
    }
    if (response.status === 401 || response.status === 403) throw new XError('refused', `X answered ${response.status}`);
    if (response.status === 429) throw new XError('rateLimited', 'X answered 429');
    if (response.status === 404) throw new XError('notFound', 'X answered 404');
    if (!response.ok) throw new XError('status', `X answered ${response.status}`);
    const text = await response.text();
    if (text.length > MAX_BYTES) throw new XError('garbage', 'X answer too large');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new XError('garbage', 'X answered something that is not JSON');
    }
    const object = asObject(json);
    if (!object) throw new XError('garbage', 'X answered JSON that is not an object');
    return object;
  }

  return {
    async readAccount(username, wanted) {
      const found = await call('GET', `/2/users/by/username/${encodeURIComponent(username)}?user.fields=${USER_FIELDS}`);
      const user = asObject(found.data);
      if (!user) throw isNotFound(found) ? new XError('notFound', `no X account @${username}`) : new XError('garbage', 'no user');
      if (!isId(user.id) || typeof user.username !== 'string' || typeof user.name !== 'string') {
        throw new XError('garbage', 'a user without id, username or name');
      }
      const maxResults = Math.min(100, Math.max(5, wanted));
      const timeline = await call('GET', `/2/users/${user.id}/tweets?max_results=${maxResults}&tweet.fields=${POST_FIELDS}`);
      // An account that never posted has no `data` at all.
      if (timeline.data !== undefined && !Array.isArray(timeline.data)) throw new XError('garbage', 'posts are not a list');
      const posts = ((timeline.data as unknown[] | undefined) ?? []).map((p) => toPost(p, user.username as string));
      const metrics = asObject(user.public_metrics) ?? {};
      return {
        id: user.id,
        username: user.username,
        name: user.name,
        description: typeof user.description === 'string' ? user.description : '',
        avatar: typeof user.profile_image_url === 'string' && /^https?:\/\//.test(user.profile_image_url) ? user.profile_image_url : null,
        followers: count(metrics.followers_count),
        following: count(metrics.following_count),
        posts: count(metrics.tweet_count),
        url: `${X_SITE}/${user.username}`,
        latest: posts.slice(0, wanted),
      };
    },
    async post(text) {
      const created = asObject((await call('POST', '/2/tweets', { text })).data);
      if (!created || !isId(created.id) || typeof created.text !== 'string') throw new XError('garbage', 'no post in the answer');
      return { id: created.id, text: created.text };
    },
  };
}
