import type { Queryable } from '../../db/db';
import { badRequest, HttpError } from '../../shared/errors';
import { foldSql } from '../../shared/hydra';
import { suppressedSql } from '../suppressions';
import { attribName, isIsoDate } from '../lists';
import { segmentsCopy as copy } from './copy';

/**
 * A segment's rules (issue 37, docs/architecture.md, «Segments»): checked when saved, then
 * compiled to one parameterised statement each time the segment is read or a send starts. No
 * text of a rule reaches the SQL: fields, operators and activities are looked up in the tables
 * below, and every value, attribute name and send id is a parameter.
 */

export const MAX_RULES = 100;
/** An activity rule's `last`: the owner's last K sends. */
export const MAX_LAST = 50;

export type Match = 'tous' | 'au moins un';
export type Op = 'égal' | 'différent' | 'contient' | 'commence par' | 'avant' | 'après' | 'vide' | 'non vide';
export type Activity = 'a ouvert' | 'a cliqué' | "n'a pas ouvert" | "n'a pas cliqué";
export type RuleValue = string | number | boolean | null;

export interface FieldRule {
  field: string;
  op: Op;
  value?: RuleValue;
}
export interface ActivityRule {
  activity: Activity;
  send?: number;
  last?: number;
}
export type Rule = FieldRule | ActivityRule;

export interface SegmentDef {
  /** The owner: the segment reads their contacts and sends only. */
  user: number;
  grp: number | null;
  match: Match;
  rules: Rule[];
}

const OPS: readonly Op[] = ['égal', 'différent', 'contient', 'commence par', 'avant', 'après', 'vide', 'non vide'];
const ACTIVITIES: readonly Activity[] = ['a ouvert', 'a cliqué', "n'a pas ouvert", "n'a pas cliqué"];
/** The contact's own columns a rule may name, and the operators each takes. */
const TEXT_FIELDS: Record<string, string> = { email: 'c.email', firstname: 'c.firstname', lastname: 'c.lastname' };
const TEXT_OPS: readonly Op[] = ['égal', 'différent', 'contient', 'commence par', 'vide', 'non vide'];
const CREATED_OPS: readonly Op[] = ['avant', 'après'];

const path = (i: number, key: string) => `rules[${i}].${key}`;
const isValue = (value: unknown): value is RuleValue =>
  value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

/** Checks one rule's shape and names against the tables: a 400 naming the rule. */
function checkRule(raw: Record<string, unknown>, i: number): Rule {
  const isField = raw.field !== undefined || raw.op !== undefined;
  const isActivity = raw.activity !== undefined;
  if (isField === isActivity) throw badRequest(`rules[${i}]`, copy.ruleKind(i));
  if (isActivity) {
    const activity = String(raw.activity);
    if (!ACTIVITIES.includes(activity as Activity)) throw badRequest(path(i, 'activity'), copy.unknownActivity(i, activity));
    const hasSend = raw.send !== undefined && raw.send !== null;
    const hasLast = raw.last !== undefined && raw.last !== null;
    if (hasSend === hasLast) throw badRequest(path(i, hasSend ? 'last' : 'send'), copy.sendOrLast(i));
    if (hasLast && (!Number.isInteger(raw.last) || Number(raw.last) < 1 || Number(raw.last) > MAX_LAST)) throw badRequest(path(i, 'last'), copy.sendOrLast(i));
    if (hasSend && (!Number.isInteger(raw.send) || Number(raw.send) < 1 || Number(raw.send) > 2147483647)) throw badRequest(path(i, 'send'), copy.sendOrLast(i));
    return hasSend ? { activity: activity as Activity, send: Number(raw.send) } : { activity: activity as Activity, last: Number(raw.last) };
  }
  const field = String(raw.field ?? '');
  const op = String(raw.op ?? '');
  if (!OPS.includes(op as Op)) throw badRequest(path(i, 'op'), copy.unknownOp(i, op));
  let ops: readonly Op[];
  let storedField = field;
  if (field in TEXT_FIELDS) ops = TEXT_OPS;
  else if (field === 'created') ops = CREATED_OPS;
  else if (field.startsWith('attribs.')) {
    const name = attribName(field.slice('attribs.'.length));
    if (name === null) throw badRequest(path(i, 'field'), copy.badAttrib(i));
    storedField = `attribs.${name}`;
    ops = OPS;
  } else throw badRequest(path(i, 'field'), copy.unknownField(i, field));
  if (!ops.includes(op as Op)) throw badRequest(path(i, 'op'), copy.opNotForField(i, op, field));
  if (op === 'vide' || op === 'non vide') return { field: storedField, op: op as Op };
  const value = raw.value;
  if (!isValue(value) || value === null || value === '') throw badRequest(path(i, 'value'), copy.valueNeeded(i, op, 'un texte, un nombre ou un booléen'));
  if (typeof value === 'string' && value.length > 500) throw badRequest(path(i, 'value'), copy.valueNeeded(i, op, '500 caractères au plus'));
  if (op === 'avant' || op === 'après') {
    const dated = typeof value === 'string' && isIsoDate(value);
    if (!(dated || (typeof value === 'number' && field !== 'created'))) {
      throw badRequest(path(i, 'value'), copy.valueNeeded(i, op, field === 'created' ? 'une date AAAA-MM-JJ' : 'une date AAAA-MM-JJ ou un nombre'));
    }
  }
  if ((op === 'contient' || op === 'commence par') && typeof value !== 'string') throw badRequest(path(i, 'value'), copy.valueNeeded(i, op, 'un texte'));
  if (typeof value === 'boolean' && field in TEXT_FIELDS) throw badRequest(path(i, 'value'), copy.valueNeeded(i, op, 'un texte'));
  return { field: storedField, op: op as Op, value };
}

/**
 * The rules as saved: each checked (a 400 naming it), at most MAX_RULES, and each send an
 * activity rule names one of the owner's (a 404 naming the rule otherwise).
 */
export async function checkRules(db: Queryable, owner: number, rules: unknown): Promise<Rule[]> {
  const list = Array.isArray(rules) ? rules : [];
  if (list.length > MAX_RULES) throw badRequest('rules', copy.tooManyRules(MAX_RULES, list.length));
  const checked = list.map((rule, i) => {
    if (rule === null || typeof rule !== 'object' || Array.isArray(rule)) throw badRequest(`rules[${i}]`, copy.ruleKind(i));
    return checkRule(rule as Record<string, unknown>, i);
  });
  const sends = checked.flatMap((rule, i) => ('send' in rule && rule.send !== undefined ? [{ i, send: rule.send }] : []));
  if (sends.length > 0) {
    const rows = await db.query<{ id: number }>('SELECT id FROM mail_send WHERE id = ANY($1::int[]) AND user_id = $2', [sends.map((s) => s.send), owner]);
    const owned = new Set(rows.map((row) => row.id));
    // Another owner's send is as unknown as one that does not exist: 404, whose it is is not said.
    const missing = sends.find((s) => !owned.has(s.send));
    if (missing) throw new HttpError(404, copy.sendNotFound(missing.i, missing.send), path(missing.i, 'send'));
  }
  return checked;
}

/** Statement parameters, numbered as they are added after those already taken. */
class Params {
  readonly values: unknown[] = [];
  constructor(private readonly first: number) {}
  add(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.first + this.values.length - 1}::${type}`;
  }
}

const likeLiteral = (needle: string) => needle.replace(/[\\%_]/g, (c) => `\\${c}`);
const NUMERIC = `'^-?[0-9]+([.][0-9]+)?$'`;
const DATED = `'^[0-9]{4}-[0-9]{2}-[0-9]{2}'`;

/**
 * `text`, folded as `foldSql` does, LIKE `pattern` (already folded); null counts as false. A text
 * of ASCII only (as many bytes as characters) folds to its lower case: translate() over the
 * accented letters costs five times lower() a row, and most names need none (a segment over
 * 100,000 contacts: 365 → 160 ms embedded).
 */
const foldedLike = (text: string, pattern: string) =>
  `coalesce(CASE WHEN octet_length(${text}) = length(${text}) THEN lower(${text}) LIKE ${pattern} ELSE ${foldSql(text)} LIKE ${pattern} END, false)`;

/** A field rule as a boolean expression over the contact `c`; null counts as false. */
function fieldSql(rule: FieldRule, p: Params): string {
  if (rule.field === 'created') {
    return `c.created ${rule.op === 'avant' ? '<' : '>'} ${p.add(rule.value, 'timestamptz')}`;
  }
  const text = TEXT_FIELDS[rule.field] ?? `(c.attribs ->> ${p.add(rule.field.slice('attribs.'.length), 'text')})`;
  const value = rule.value;
  const equal = () => {
    if (typeof value === 'number') return `CASE WHEN ${text} ~ ${NUMERIC} THEN (${text})::numeric = ${p.add(value, 'numeric')} ELSE false END`;
    return `lower(${text}) = lower(${p.add(String(value), 'text')})`;
  };
  switch (rule.op) {
    case 'égal':
      return `(${equal()}) IS TRUE`;
    case 'différent':
      return `(${equal()}) IS NOT TRUE`;
    case 'contient':
      return foldedLike(text, foldSql(p.add(`%${likeLiteral(String(value))}%`, 'text')));
    case 'commence par':
      return foldedLike(text, foldSql(p.add(`${likeLiteral(String(value))}%`, 'text')));
    case 'vide':
      return `coalesce(${text}, '') = ''`;
    case 'non vide':
      return `coalesce(${text}, '') <> ''`;
    case 'avant':
    case 'après': {
      const cmp = rule.op === 'avant' ? '<' : '>';
      if (typeof value === 'number') return `CASE WHEN ${text} ~ ${NUMERIC} THEN (${text})::numeric ${cmp} ${p.add(value, 'numeric')} ELSE false END`;
      // Dates compare by their day: ISO days sort as text.
      return `CASE WHEN ${text} ~ ${DATED} THEN left(${text}, 10) ${cmp} ${p.add(String(value).slice(0, 10), 'text')} ELSE false END`;
    }
  }
}

/** An activity rule: the contact (or, across lists, its address) opened or clicked one of the sends. */
function activitySql(rule: ActivityRule, def: SegmentDef, p: Params, sendLists: Map<number, number | null>): string {
  const column = rule.activity.endsWith('ouvert') ? 'opened_at' : 'clicked_at';
  const sends =
    rule.send !== undefined
      ? `${p.add(rule.send, 'int')}`
      : `SELECT id FROM mail_send WHERE user_id = ${p.add(def.user, 'int')} AND automation_step_id IS NULL AND status <> 'scheduled'${
          def.grp === null ? '' : ` AND grp_id = ${p.add(def.grp, 'int')}`
        } ORDER BY id DESC LIMIT ${p.add(rule.last, 'int')}`;
  // The segment's own list's sends name its contacts; other sends name the same person by address.
  const sameList = def.grp !== null && (rule.send === undefined || sendLists.get(rule.send) === def.grp);
  // DISTINCT: the planner hashes the set once rather than probe the recipients per contact (its
  // estimate of the field rules' rows is far too low); an erased person's rows (no contact) stay
  // out, or "n'a pas" would meet a null and keep no one.
  const did = sameList
    ? `c.id IN (SELECT DISTINCT r.contact_id FROM mail_recipient r WHERE r.send_id IN (${sends}) AND r.${column} IS NOT NULL AND r.contact_id IS NOT NULL)`
    : `lower(c.email) IN (SELECT DISTINCT lower(rc.email) FROM mail_recipient r JOIN grp_rcp rc ON rc.id = r.contact_id
         WHERE r.send_id IN (${sends}) AND r.${column} IS NOT NULL AND rc.user_id = ${p.add(def.user, 'int')})`;
  return rule.activity.startsWith("n'a pas") ? `NOT (${did})` : did;
}

export interface CompiledSegment {
  /** `SELECT c.id FROM grp_rcp c …`: the contacts a send to the segment would mail now, one per address. */
  sql: string;
  params: unknown[];
}

/**
 * The segment's contacts as one statement: the active contacts of its list (or, one per address,
 * of the owner's lists), not on the owner's suppression list, matching all its rules (`tous`) or
 * at least one (`au moins un`); no rule matches everyone. Parameters are numbered from `first`.
 */
export async function compileSegment(db: Queryable, def: SegmentDef, first = 1, { onePerAddress = true } = {}): Promise<CompiledSegment> {
  const sendIds = def.rules.flatMap((rule) => ('send' in rule && rule.send !== undefined ? [rule.send] : []));
  const sendLists = new Map<number, number | null>();
  if (sendIds.length > 0) {
    const rows = await db.query<{ id: number; grp: number | null }>('SELECT id, grp_id AS grp FROM mail_send WHERE id = ANY($1::int[])', [sendIds]);
    for (const row of rows) sendLists.set(row.id, row.grp);
  }
  const p = new Params(first);
  const scope =
    def.grp === null
      ? `c.user_id = ${p.add(def.user, 'int')} AND c.grp_id IN (SELECT id FROM grp WHERE user_id = ${p.add(def.user, 'int')} AND actif = 1)`
      : `c.grp_id = ${p.add(def.grp, 'int')}`;
  const parts = def.rules.map((rule) => ('field' in rule ? fieldSql(rule, p) : activitySql(rule, def, p, sendLists)));
  const rules = parts.length === 0 ? 'true' : parts.map((part) => `(${part})`).join(def.match === 'tous' ? ' AND ' : ' OR ');
  const where = `${scope} AND c.actif = 1 AND NOT ${suppressedSql('c.user_id', 'c.email')} AND (${rules})`;
  // Whether a given contact is in it (an automation step) asks every contact of the address.
  const sql =
    def.grp === null && onePerAddress
      ? `SELECT DISTINCT ON (lower(c.email)) c.id FROM grp_rcp c WHERE ${where} ORDER BY lower(c.email), c.id`
      : `SELECT c.id FROM grp_rcp c WHERE ${where}`;
  return { sql, params: p.values };
}

