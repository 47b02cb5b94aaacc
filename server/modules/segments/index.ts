/**
 * Segments (issue 37, docs/architecture.md, «Segments»): what other modules and
 * server/modules/index.ts use. It sits above lists and below automations; mail reaches it through
 * the segments it is given (`registerMailSegments`), as it reaches contacts.
 */
export { segmentsRoutes } from './routes';
export { segmentResource } from './resource';
export { segmentsMailSegments } from './mailSegments';
export { compileSegment, type SegmentDef } from './rules';
export { contactsInSegment, segmentDef } from './repository';
