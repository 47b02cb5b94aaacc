import type { Queryable } from '../../../db/db';
import type { PostAnswer, PostChannel } from '../channels';
import type { SendContent } from '../compose';

/**
 * Takes a send's post to a channel, once: true for the caller who took it, false when it was
 * already taken (posted, or being posted). Kept in `mail_send.posts`, by channel.
 */
export async function claimPost(db: Queryable, sendId: number, channel: PostChannel): Promise<boolean> {
  const taken = await db.query(
    `UPDATE mail_send SET posts = posts || jsonb_build_object($2::text, jsonb_build_object('status', 'posting', 'ok', false, 'at', now()))
     WHERE id = $1 AND NOT posts ? $2 RETURNING id`,
    [sendId, channel],
  );
  return taken.length > 0;
}

/** What the channel answered to the send's post (the send's report shows it). */
export async function recordPost(db: Queryable, sendId: number, channel: PostChannel, answer: PostAnswer): Promise<void> {
  await db.query(
    `UPDATE mail_send SET posts = posts || jsonb_build_object($2::text, $3::jsonb || jsonb_build_object('status', $4::text, 'at', now()))
     WHERE id = $1`,
    [sendId, channel, JSON.stringify(answer), answer.ok ? 'posted' : 'failed'],
  );
}

/** A send's post to a channel as its report shows it. */
export type RecordedPost = PostAnswer & { status: 'posting' | 'posted' | 'failed'; at?: string };

/** A send's posts, by channel. */
export async function postsOf(db: Queryable, sendId: number): Promise<Record<string, RecordedPost>> {
  const [row] = await db.query<{ posts: Record<string, RecordedPost> }>('SELECT posts FROM mail_send WHERE id = $1', [sendId]);
  return row?.posts ?? {};
}

/** A sent newsletter as its public page shows it (an automation step's too: its e-mails link to it); null when unknown, planned, or its delivery is private. */
export async function publicSend(db: Queryable, sendId: number) {
  const [row] = await db.query<{ id: number; content: SendContent; created: string; label: string }>(
    `SELECT id, content, created, label FROM mail_send
     WHERE id = $1 AND status <> 'scheduled' AND coalesce((content->>'private')::boolean, false) = false`,
    [sendId],
  );
  return row ?? null;
}
