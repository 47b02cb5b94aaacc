import type { TraceMeta } from './format';

/**
 * A slice's shape: its keys and their value types, recursively (an array by its first item),
 * as one canonical string. Taken from the reducer's initial state, it changes when a slice
 * gains, loses or retypes a field, not when its data does.
 */
export function shapeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${value.length > 0 ? shapeOf(value[0]) : ''}]`;
  if (typeof value !== 'object') return typeof value;
  const entries = Object.keys(value as object)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${shapeOf((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(',')}}`;
}

/** FNV-1a, 32 bits, as 8 hex digits: short and stable; nothing secret rides on it. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Each top-level slice's shape fingerprint. */
export function sliceFingerprints(state: unknown): Record<string, string> {
  if (typeof state !== 'object' || state === null) return {};
  return Object.fromEntries(
    Object.keys(state)
      .sort()
      .map((slice) => [slice, fnv1a(shapeOf((state as Record<string, unknown>)[slice]))]),
  );
}

/** How a file's build differs from the running one: said before a replay. */
export interface VersionCheck {
  /** Another version or commit recorded the file (or the file does not say). */
  otherBuild: boolean;
  /** Slices whose shape differs, or that only one side has. */
  changedSlices: string[];
  /** One line a finding, for a person; empty when the builds agree. */
  notes: string[];
}

const label = (meta: TraceMeta | undefined) =>
  meta?.version || meta?.commit ? `${meta.version ?? 'unknown'} (${meta.commit ?? 'unknown'})` : 'an unknown version';

/** Compares a file's metadata with the running build's. */
export function checkVersion(file: TraceMeta | undefined, current: TraceMeta): VersionCheck {
  const sameBuild = !!file && file.version === current.version && file.commit === current.commit;
  const notes: string[] = [];
  if (!sameBuild) notes.push(`The file comes from ${label(file)}; this is ${label(current)}.`);
  const changedSlices: string[] = [];
  if (file?.fingerprint && current.fingerprint) {
    const slices = new Set([...Object.keys(file.fingerprint), ...Object.keys(current.fingerprint)]);
    for (const slice of [...slices].sort()) {
      if (file.fingerprint[slice] !== current.fingerprint[slice]) changedSlices.push(slice);
    }
    if (changedSlices.length > 0) notes.push(`The shape of these slices differs: ${changedSlices.join(', ')}.`);
  } else if (!sameBuild) {
    notes.push('The file carries no state fingerprint: slices cannot be compared.');
  }
  return { otherBuild: !sameBuild, changedSlices, notes };
}
