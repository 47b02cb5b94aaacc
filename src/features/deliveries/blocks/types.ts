/**
 * A block of the editor's « Blocs » mode (issue 41; docs/templates.md, «Blocks»), as the
 * template keeps it (`delivery.blocks`; the server checks each kind's fields).
 */
export type EditorBlock =
  | { type: 'title'; text: string }
  | { type: 'text'; text: string }
  | { type: 'image'; src: string; alt: string; width: number; height: number; href?: string }
  | { type: 'button'; label: string; url: string }
  | { type: 'columns'; left: string; right: string }
  | { type: 'divider' }
  | { type: 'videos'; createurs: string; groupe: string }
  | { type: 'footer'; text: string };

export type BlockType = EditorBlock['type'];

/** The kinds in the order the editor offers them. */
export const BLOCK_TYPES: readonly BlockType[] = ['title', 'text', 'image', 'button', 'columns', 'divider', 'videos', 'footer'];

/** The three parts a template's blocks write. */
export interface BlockParts {
  html: string;
  text: string;
  amp: string;
}
