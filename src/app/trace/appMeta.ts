import { buildVersion } from '../../shared/config/build';
import { sliceFingerprints, type TraceMeta } from '../../shared/trace';
import { combinedReducer } from '../rootReducer';

let fingerprint: Record<string, string> | undefined;

/**
 * The running build as traces record it: version, commit, and each slice's shape fingerprint
 * (from the root reducer's initial state). Node tools pass the version and commit they read
 * from package.json and git (scripts/buildInfo.ts); the browser has them from the build.
 */
export function appTraceMeta(build: { version: string; commit: string } = buildVersion): TraceMeta {
  fingerprint ??= sliceFingerprints(combinedReducer(undefined, { type: '@@trace/fingerprint' }));
  return { version: build.version, commit: build.commit, fingerprint };
}
