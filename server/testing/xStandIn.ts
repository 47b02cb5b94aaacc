import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of X's API v2 for tests, answering as api.x.com does:
 * GET /2/users/by/username/{username} (an unknown account is a 200 carrying a
 * resource-not-found problem), GET /2/users/{id}/tweets (max_results 5 to 100) and
 * POST /2/tweets. Every call needs `Authorization: Bearer {token}`.
 */
export interface StandInAccount {
  id: string;
  username: string;
  name: string;
  description?: string;
  followers?: number;
  posts: { id: string; text: string; created_at: string; likes?: number }[];
}

export interface XStandIn {
  url: string;
  token: string;
  accounts: Map<string, StandInAccount>;
  /** When set, every call answers this status (with a problem body) or, for 'garbage', HTML. */
  failure: number | 'garbage' | null;
  /** Texts posted, in order. */
  posted: string[];
  /** Method and path of each call, in order. */
  requests: string[];
  close(): Promise<void>;
}

const problem = (status: number, title: string, detail: string) => ({ title, detail, type: 'about:blank', status });

export async function startXStandIn(token = 'x-stand-in-token'): Promise<XStandIn> {
  const state = {
    token,
    accounts: new Map<string, StandInAccount>(),
    failure: null as XStandIn['failure'],
    posted: [] as string[],
    requests: [] as string[],
  };
  let nextPostId = 1_900_000_000_000_000_000n;

  const send = (response: http.ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    state.requests.push(`${request.method} ${url.pathname}${url.search}`);
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      if (request.headers.authorization !== `Bearer ${state.token}`) {
        return send(response, 401, problem(401, 'Unauthorized', 'Unauthorized'));
      }
      if (state.failure === 'garbage') return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>Maintenance</html>');
      if (state.failure) return send(response, state.failure, problem(state.failure, 'Service Unavailable', 'Service Unavailable'));

      const byName = /^\/2\/users\/by\/username\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && byName) {
        const username = decodeURIComponent(byName[1]);
        const account = state.accounts.get(username.toLowerCase());
        if (!account) {
          return send(response, 200, {
            errors: [
              {
                value: username,
                detail: `Could not find user with username: [${username}].`,
                title: 'Not Found Error',
                resource_type: 'user',
                parameter: 'username',
                resource_id: username,
                type: 'https://api.twitter.com/2/problems/resource-not-found',
              },
            ],
          });
        }
        return send(response, 200, {
          data: {
            id: account.id,
            name: account.name,
            username: account.username,
            description: account.description ?? '',
            created_at: '2015-03-01T10:00:00.000Z',
            profile_image_url: `https://pbs.twimg.com/profile_images/${account.id}/avatar_normal.jpg`,
            public_metrics: { followers_count: account.followers ?? 0, following_count: 12, tweet_count: account.posts.length, listed_count: 0 },
          },
        });
      }

      const timeline = /^\/2\/users\/(\d+)\/tweets$/.exec(url.pathname);
      if (request.method === 'GET' && timeline) {
        const max = Number(url.searchParams.get('max_results') ?? 10);
        if (!Number.isInteger(max) || max < 5 || max > 100) {
          return send(response, 400, problem(400, 'Invalid Request', 'The `max_results` query parameter value is not between 5 and 100'));
        }
        const account = [...state.accounts.values()].find((a) => a.id === timeline[1]);
        const posts = (account?.posts ?? []).slice(0, max);
        if (posts.length === 0) return send(response, 200, { meta: { result_count: 0 } });
        return send(response, 200, {
          data: posts.map((p) => ({
            id: p.id,
            text: p.text,
            created_at: p.created_at,
            edit_history_tweet_ids: [p.id],
            public_metrics: { retweet_count: 0, reply_count: 0, like_count: p.likes ?? 0, quote_count: 0, impression_count: 0 },
          })),
          meta: { result_count: posts.length, newest_id: posts[0].id, oldest_id: posts[posts.length - 1].id },
        });
      }

      if (request.method === 'POST' && url.pathname === '/2/tweets') {
        let text: unknown;
        try {
          text = (JSON.parse(raw) as { text?: unknown }).text;
        } catch {
          return send(response, 400, problem(400, 'Invalid Request', 'Invalid JSON'));
        }
        if (typeof text !== 'string' || text.length === 0) return send(response, 400, problem(400, 'Invalid Request', 'text'));
        state.posted.push(text);
        nextPostId += 1n;
        const id = String(nextPostId);
        return send(response, 201, { data: { id, text, edit_history_tweet_ids: [id] } });
      }
      send(response, 404, problem(404, 'Not Found', 'Not Found'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
