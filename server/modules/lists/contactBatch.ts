import { erasedAmong } from '../suppressions';
import type { ErasureKeySource } from '../../shared/erasureHash';
import type { Db } from '../../db/db';
import { importStatementRows, type StatementRows } from '../../db/statementRows';
import { refreshStatistics } from '../../db/statistics';
import { isEmail } from '../../shared/email';
import type { ConsentContext } from './consent';
import { MAX_ATTRIB_TEXT } from './attribs';
import { insertContacts, type ListOwner, type NewContact } from './repository';

/** One input row of an import: where it came from, and its fields as given. */
export interface ContactInput {
  line: number;
  email: string;
  firstname?: string;
  lastname?: string;
  phone?: string;
  /** The columns beyond those, by attribute name (attribs.ts): their text as read. */
  attribs?: Record<string, string>;
}

export interface RefusedLine {
  line: number;
  reason: string;
}

/** What an import did; lines are listed up to REPORT_LINES_MAX, the counts are complete. */
export interface ImportReport {
  rows: number;
  added: number;
  duplicates: number;
  invalid: number;
  /** Addresses on the owner's suppression list (docs/architecture.md, «Suppression list»): not added. */
  suppressed: number;
  duplicateLines: number[];
  invalidLines: RefusedLine[];
  suppressedLines: number[];
}

export const REPORT_LINES_MAX = 1000;

/**
 * Rows read between two turns of the event loop. While a file's bytes are buffered, reading
 * and checking its rows goes on in microtasks until a batch is full, and every other request
 * waits: 5,000-row batches held the event loop 60–100 ms at a time (`/api/health` p99 ~110 ms
 * during a PostgreSQL import; 61–67 once it yields). 500 rows take about 6 ms.
 */
const ROWS_BETWEEN_TURNS = 500;

const LIMITS = { firstname: 100, lastname: 100, phone: 50 } as const;

function refusal(row: ContactInput): string | null {
  if (!row.email) return 'adresse e-mail manquante';
  if (!isEmail(row.email)) return `adresse e-mail invalide : ${row.email.slice(0, 80)}`;
  for (const [field, max] of Object.entries(LIMITS)) {
    if ((row[field as keyof typeof LIMITS] ?? '').length > max) return `champ '${field}' trop long (${max} caractères au plus)`;
  }
  for (const [name, value] of Object.entries(row.attribs ?? {})) {
    if (value.length > MAX_ATTRIB_TEXT) return `attribut '${name.slice(0, 64)}' trop long (${MAX_ATTRIB_TEXT} caractères au plus)`;
  }
  return null;
}

/**
 * Adds contacts to a list in batches, so that an import of any size holds two batches in
 * memory: invalid rows, e-mails the list (or the batch) already has and addresses on the owner's
 * suppression list are counted, not added.
 * One batch is inserted while the next is read and checked: the database works in its own
 * thread or server meanwhile. A batch is one statement, of importStatementRows' size.
 */
export class ContactBatch {
  readonly report: ImportReport = {
    rows: 0,
    added: 0,
    duplicates: 0,
    invalid: 0,
    suppressed: 0,
    duplicateLines: [],
    invalidLines: [],
    suppressedLines: [],
  };
  private pending: (NewContact & { line: number })[] = [];
  private inBatch = new Set<string>();
  /** The batch being inserted; it never rejects: its failure waits in `failure` for `settle`. */
  private inFlight: Promise<void> | null = null;
  private failure: { error: unknown } | null = null;
  /** How many rows the next statement takes: fewer while other requests wait for the database. */
  private readonly statementRows: StatementRows;
  private rowsRead = 0;

  constructor(
    private readonly db: Db,
    private readonly list: ListOwner,
    private readonly origin: string,
    /** Who adds the contacts, for their consent events; unset: the signed-in operator. */
    private readonly consent?: ConsentContext,
    /** The key of erased addresses' hashes: an erased address is left out as suppressed (issue 38). */
    private readonly erasureKeys?: ErasureKeySource,
  ) {
    this.statementRows = importStatementRows(db);
  }

  async add(row: ContactInput): Promise<void> {
    this.rowsRead += 1;
    if (this.rowsRead % ROWS_BETWEEN_TURNS === 0) await new Promise((resolve) => setImmediate(resolve));
    const email = row.email.trim();
    const reason = refusal({ ...row, email });
    if (reason) return this.refuse(row.line, reason);
    const key = email.toLowerCase();
    if (this.inBatch.has(key)) return this.duplicate(row.line);
    this.inBatch.add(key);
    this.pending.push({
      line: row.line,
      email,
      firstname: row.firstname ?? '',
      lastname: row.lastname ?? '',
      phone: row.phone ?? '',
      attribs: row.attribs ?? null,
    });
    if (this.pending.length >= this.statementRows.rows) await this.flush();
  }

  refuse(line: number, reason: string): void {
    this.report.invalid += 1;
    if (this.report.invalidLines.length < REPORT_LINES_MAX) this.report.invalidLines.push({ line, reason });
  }

  /** Adds what is left, and refreshes the contacts' statistics after a bulk addition. */
  async finish(): Promise<ImportReport> {
    await this.flush();
    await this.settle();
    await refreshStatistics(this.db, ['grp_rcp'], this.report.added);
    this.report.rows = this.report.added + this.report.duplicates + this.report.invalid + this.report.suppressed;
    this.report.duplicateLines.sort((a, b) => a - b);
    this.report.suppressedLines.sort((a, b) => a - b);
    this.report.invalidLines.sort((a, b) => a.line - b.line);
    return this.report;
  }

  private suppressed(line: number): void {
    this.report.suppressed += 1;
    if (this.report.suppressedLines.length < REPORT_LINES_MAX) this.report.suppressedLines.push(line);
  }

  private duplicate(line: number): void {
    this.report.duplicates += 1;
    if (this.report.duplicateLines.length < REPORT_LINES_MAX) this.report.duplicateLines.push(line);
  }

  /** Waits for the batch in flight, and throws what it failed with. */
  private async settle(): Promise<void> {
    const inFlight = this.inFlight;
    this.inFlight = null;
    if (inFlight) await inFlight;
    if (this.failure) throw this.failure.error;
  }

  private async flush(): Promise<void> {
    // One batch in flight at a time: the database serves other requests between two.
    await this.settle();
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.inBatch = new Set();
    this.inFlight = this.statementRows.run(async () => {
      const erased = this.erasureKeys ? await erasedAmong(this.db, this.erasureKeys, batch.map((contact) => contact.email)) : new Set<string>();
      const kept = erased.size ? batch.filter((contact) => !erased.has(contact.email.toLowerCase())) : batch;
      const leftOut = kept.length ? await insertContacts(this.db, this.list, this.origin, kept, this.consent) : { duplicates: new Set<string>(), suppressed: new Set<string>() };
      for (const email of erased) leftOut.suppressed.add(email);
      return leftOut;
    }).then(
      (leftOut) => {
        for (const contact of batch) {
          const key = contact.email.toLowerCase();
          if (leftOut.suppressed.has(key)) this.suppressed(contact.line);
          else if (leftOut.duplicates.has(key)) this.duplicate(contact.line);
          else this.report.added += 1;
        }
      },
      (error: unknown) => {
        this.failure = { error };
      },
    );
  }
}
