import type { Row } from '../../db/db';
import { badRequest } from '../../shared/errors';

/**
 * The kinds of block of the editor's « Blocs » mode (issue 41; docs/templates.md, «Blocks»):
 * the console writes the HTML, text and AMP parts from them; the server keeps them with the
 * template so that the editor reopens on them, and checks their shape only.
 */
export const BLOCK_TYPES = ['title', 'text', 'image', 'button', 'columns', 'divider', 'videos', 'footer'] as const;
/** The fields each kind of block needs (the others are refused by `checkBlocks`). */
export const BLOCK_FIELDS: Record<(typeof BLOCK_TYPES)[number], { required: string[]; optional?: string[] }> = {
  title: { required: ['text'] },
  text: { required: ['text'] },
  image: { required: ['src', 'alt', 'width', 'height'], optional: ['href'] },
  button: { required: ['label', 'url'] },
  columns: { required: ['left', 'right'] },
  divider: { required: [] },
  videos: { required: ['createurs', 'groupe'] },
  footer: { required: ['text'] },
};

/** Each block of the « Blocs » mode has the fields of its kind, and no other (the schema checks their values). */
export function checkBlocks(values: Row): void {
  if (!Array.isArray(values.blocks)) return;
  (values.blocks as Record<string, unknown>[]).forEach((block, index) => {
    const kind = BLOCK_FIELDS[block.type as keyof typeof BLOCK_FIELDS];
    for (const name of kind.required) {
      if (block[name] === undefined)
        throw badRequest(`blocks.${index}.${name}`, `Le champ 'blocks.${index}.${name}' est requis pour un bloc '${String(block.type)}'.`);
    }
    const allowed = new Set(['type', ...kind.required, ...(kind.optional ?? [])]);
    const extra = Object.keys(block).find((name) => !allowed.has(name));
    if (extra !== undefined)
      throw badRequest(`blocks.${index}.${extra}`, `Le champ 'blocks.${index}.${extra}' n'existe pas pour un bloc '${String(block.type)}'.`);
  });
}
