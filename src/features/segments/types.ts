/** A segment (issue 37): an owner's rules over the contacts of a list, or of all their lists (`grp` null). */
export type Match = 'tous' | 'au moins un';
export type Op = 'égal' | 'différent' | 'contient' | 'commence par' | 'avant' | 'après' | 'vide' | 'non vide';
export type Activity = 'a ouvert' | 'a cliqué' | "n'a pas ouvert" | "n'a pas cliqué";

export interface FieldRule {
  field: string;
  op: Op;
  value?: string | number | boolean | null;
}
export interface ActivityRule {
  activity: Activity;
  send?: number;
  last?: number;
}
export type Rule = FieldRule | ActivityRule;

export interface Segment {
  id: number;
  name: string;
  grp: number | null;
  match: Match;
  rules: Rule[];
  user: number;
  lastModified: string;
}

export interface SegmentDraft {
  name: string;
  grp: number | null;
  match: Match;
  rules: Rule[];
}

export const OPS: readonly Op[] = ['égal', 'différent', 'contient', 'commence par', 'avant', 'après', 'vide', 'non vide'];
export const TEXT_OPS: readonly Op[] = ['égal', 'différent', 'contient', 'commence par', 'vide', 'non vide'];
export const DATE_OPS: readonly Op[] = ['avant', 'après'];
export const ACTIVITIES: readonly Activity[] = ['a ouvert', 'a cliqué', "n'a pas ouvert", "n'a pas cliqué"];
export const FIELDS = ['email', 'firstname', 'lastname', 'created'] as const;

/** The operators a field takes (the server's table, rules.ts). */
export const opsOf = (field: string): readonly Op[] => (field === 'created' ? DATE_OPS : field.startsWith('attribs.') ? OPS : TEXT_OPS);
