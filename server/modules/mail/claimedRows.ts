/**
 * The rows a send worker claims, as the queue answers them and the composer makes messages of
 * them: a leaf both import, so that the composer need not import the queue that calls it.
 */

/** A recipient a worker has claimed: the contact as it is now, and its send. */
export interface Claimed {
  id: number;
  sendId: number;
  contactId: number;
  attempts: number;
  email: string;
  firstname: string;
  lastname: string;
  /** Its attributes (issue 37). */
  attribs: Record<string, unknown>;
  /** Its list: a send to a segment of several lists names each message's List-Id after it. */
  grpId: number;
  /** 0 when the contact unsubscribed after the send started: it is skipped. */
  actif: number;
}

/** A queued message a worker has claimed. */
export interface ClaimedMessage {
  id: number;
  kind: string;
  key: string;
  to: string;
  payload: Record<string, unknown>;
  attempts: number;
}
