import type { Queryable } from '../../db/db';

/** The top-level keys of a person's export (`GET /api/personnes/export`), in order. */
export const EXPORT_KEYS = ['contacts', 'consentements', 'envois', 'ouvertures', 'clics', 'rejets', 'automatisations', 'visiteur'] as const;

/** What the product holds about one address: lists under each key; `visiteur` an object or null. */
export type PersonExport = Record<string, unknown>;

/** What an erasure's source may need beyond the transaction: the data folder (files). */
export interface ErasureContext {
  dataDir: string;
}

/**
 * One module's personal data (docs/decisions.md, «Personal data rights (issue 38)»): how to
 * export and erase an address (trimmed, lower-cased) from its tables and files. A module declares
 * it in its own folder; server/modules/index.ts registers it. Sources run in registration order,
 * in one transaction: one that unlinks rows from contacts (mail, automations) comes before lists.
 */
export interface PersonalData {
  /** The module it speaks for. */
  name: string;
  /** The tables (or files) whose removed rows `erase` counts: the answer names each, 0 included. */
  tables: readonly string[];
  /** Parts of the export, by top-level key: lists are appended, objects merged. */
  export?(tx: Queryable, email: string): Promise<PersonExport>;
  /** Removes (or unlinks) the address's rows; answers how many went, per table of `tables`. */
  erase(tx: Queryable, email: string, context: ErasureContext): Promise<Record<string, number>>;
}

const sources: PersonalData[] = [];

/** Registers a module's personal data (server/modules/index.ts, once, before any route). */
export function registerPersonalData(source: PersonalData): void {
  if (sources.some((known) => known.name === source.name)) throw new Error(`personal data ${source.name} registered twice`);
  sources.push(source);
}

/** Every registered source, in registration order. */
export const personalDataSources = (): readonly PersonalData[] => sources;
