import type { MailSegments } from '../mail';
import { segmentDef } from './repository';
import { segmentResource } from './resource';
import { compileSegment } from './rules';

/** What sending reads of segments, given to mail at startup (server/modules/index.ts). */
export const segmentsMailSegments: MailSegments = {
  resource: segmentResource,
  async recipients(db, segmentId, first) {
    const def = await segmentDef(db, segmentId);
    const { sql, params } = await compileSegment(db, def, first);
    return { sql, params, grp: def.grp, name: def.name, user: def.user };
  },
};
