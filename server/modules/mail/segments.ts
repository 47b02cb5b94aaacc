import type { Queryable } from '../../db/db';
import type { ResourceDef } from '../../shared/hydra';

/**
 * What sending reads of segments (issue 37): the segments module sits above mail and gives it
 * this at startup (`registerMailSegments`, from server/modules/index.ts), as lists give contacts.
 */
export interface MailSegments {
  /** The segments, as a resource: a send's segment is one its user owns. */
  resource: ResourceDef;
  /**
   * The contacts a send to the segment mails now, as a sub-select of contact ids whose
   * parameters are numbered from `first`; with the segment's list (null: all the owner's), name
   * and owner.
   */
  recipients(
    db: Queryable,
    segmentId: number,
    first: number,
  ): Promise<{ sql: string; params: unknown[]; grp: number | null; name: string; user: number }>;
}

let registered: MailSegments | null = null;

export function registerMailSegments(segments: MailSegments): void {
  registered = segments;
}

/** The segments mail sends to, as the segments module registered them. */
export function mailSegments(): MailSegments {
  if (!registered) throw new Error('mail segments used before server/modules/index.ts registered them');
  return registered;
}
