/** The longest group name, in characters (Unicode code points, as the schemas count). */
export const GROUP_NAME_MAX = 60;

/**
 * A character someone can see: not a control, format (zero-width space, joiners, BOM),
 * separator or lone combining mark. A group name holds at least one.
 */
export const VISIBLE_CHARACTER = '[^\\p{C}\\p{Z}\\p{M}]';

const visible = new RegExp(VISIBLE_CHARACTER, 'u');

/** A group name read from an imported file, as the API would take it, or null when it names nothing visible. */
export function importedGroupName(name: string): string | null {
  const clipped = [...name].slice(0, GROUP_NAME_MAX).join('');
  return visible.test(clipped) ? clipped : null;
}
