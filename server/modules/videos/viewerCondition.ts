import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/db';
import type { VideoCondition } from './repository';

/** What the one who asks adds to the videos a public route lists: a visitor's feed filters. */
export type ViewerCondition = (db: Queryable, request: FastifyRequest) => Promise<VideoCondition | undefined>;

let registered: ViewerCondition = async () => undefined;

/**
 * Registered once from server/modules/index.ts by the module that knows visitors: videos does
 * not import visitors, which imports videos (docs/conventions.md, «Server (`server/`)»).
 */
export function registerViewerCondition(condition: ViewerCondition): void {
  registered = condition;
}

export const viewerCondition: ViewerCondition = (db, request) => registered(db, request);
