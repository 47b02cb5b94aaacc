import type { ErasureKeySource } from '../../shared/erasureHash';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Parser } from 'csv-parse';
import type { Db } from '../../db/db';
import { badRequest, HttpError } from '../../shared/errors';
import { decodeText, detectSeparator, type CsvInputSeparator, type TextEncoding } from '../../shared/textDecoding';
import { ContactBatch, type ContactInput, type ImportReport } from './contactBatch';
import type { ListOwner } from './repository';

type ContactField = 'email' | 'firstname' | 'lastname' | 'phone';

const COLUMN_NAMES: Record<string, ContactField> = {
  email: 'email',
  mail: 'email',
  courriel: 'email',
  adressemail: 'email',
  firstname: 'firstname',
  prenom: 'firstname',
  lastname: 'lastname',
  nom: 'lastname',
  phone: 'phone',
  telephone: 'phone',
  tel: 'phone',
  mobile: 'phone',
};

/** 'E-mail', 'Prénom', 'first_name' → the contact field they name, or null to ignore the column. */
export function columnOf(header: string): ContactField | null {
  const key = header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_\-.']/g, '')
    .replace(/^e(?=mail$)/, '');
  return COLUMN_NAMES[key] ?? null;
}

/** A CSV record's fields, and the line of the file it ends on. */
interface NumberedRecord {
  fields: string[];
  line: number;
}

/**
 * csv-parse's stream, handing each record on with its line number, read from the parser's own
 * count as it pushes the record. Its `info` option would copy every counter into a new object
 * per record, and its `columns` option builds each record's object with `defineProperty`: the
 * two were half of the server's time in a 100,000-row import, and that time is taken from the
 * database on a two-core machine (docs/decisions.md, «Performance as users run it (issue 27)»).
 */
class NumberedRecords extends Parser {
  override push(record: unknown, encoding?: BufferEncoding): boolean {
    const numbered: NumberedRecord | null = record === null ? null : { fields: record as string[], line: this.info.lines };
    return super.push(numbered, encoding);
  }
}

/** Counts a file's bytes as they arrive: past the most, a 413. */
function byteLimit(maxBytes: number): (bytes: number) => void {
  let seen = 0;
  return (bytes) => {
    seen += bytes;
    if (seen > maxBytes) throw new HttpError(413, `Le fichier dépasse ${Math.floor(maxBytes / 1024 / 1024)} Mo.`);
  };
}

/** What an import read the file as, beside what it did. */
export interface CsvImportReport extends ImportReport {
  /** The encoding the file was read in: `UTF-8` (with or without BOM), `windows-1252`, `ISO-8859-1`… */
  encoding: TextEncoding;
  /** The separator its header line uses: `;`, `,` or a tab. */
  separator: CsvInputSeparator;
}

/**
 * Imports a CSV of contacts (a header row naming email, firstname, lastname, phone; comma,
 * semicolon or tab separated) into a list as it streams in: one batch in memory at a time.
 * The encoding (UTF-8 with or without BOM, Windows-1252, ISO-8859-1: French Excel saves in
 * Windows-1252) and the separator are read from the file's start (shared/textDecoding.ts).
 */
export async function importCsv(
  db: Db,
  list: ListOwner,
  input: Readable,
  options: { origin: string; maxBytes: number; file?: string | null; erasureKeys?: ErasureKeySource },
): Promise<CsvImportReport> {
  // Each contact's consent says it came from this import, and from which file.
  const batch = new ContactBatch(db, list, options.origin, { source: 'import', file: options.file ?? null }, options.erasureKeys);
  let decoded;
  try {
    decoded = await decodeText(input, byteLimit(options.maxBytes));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest('file', 'Fichier illisible.');
  }
  const { encoding, head, text } = decoded;
  const separator = detectSeparator(head);
  const parser = new NumberedRecords({
    bom: true,
    delimiter: separator,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    max_record_size: 64 * 1024,
    skip_records_with_error: true,
    on_skip: (error) => {
      batch.refuse(Number(error?.lines ?? 0), 'ligne CSV mal formée');
      return undefined;
    },
  });
  /** What stopped the reading: pipeline answers the parser's AbortError in its place (a full disk would be a 500). */
  let stoppedBy: unknown = null;
  const consume = (records: AsyncIterable<NumberedRecord>) =>
    read(records).catch((error: unknown) => {
      stoppedBy = error;
      throw error;
    });
  const read = async (records: AsyncIterable<NumberedRecord>) => {
    let columns: (ContactField | null)[] | null = null;
    for await (const { fields, line } of records) {
      if (!columns) {
        columns = fields.map(columnOf);
        if (!columns.includes('email')) {
          throw badRequest('file', "La première ligne du fichier doit nommer les colonnes, dont 'email'.");
        }
        continue;
      }
      const contact: ContactInput = { line, email: '' };
      for (let i = 0; i < columns.length && i < fields.length; i += 1) {
        const field = columns[i];
        if (field) contact[field] = fields[i];
      }
      await batch.add(contact);
    }
  };
  try {
    await pipeline(Readable.from(text), parser, consume);
  } catch (thrown) {
    const error = stoppedBy ?? thrown;
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code?.startsWith('CSV_')) throw badRequest('file', `Fichier CSV illisible : ${(error as Error).message}`);
    throw error;
  }
  const report = await batch.finish();
  if (report.rows === 0) throw badRequest('file', 'Le fichier ne contient aucun contact.');
  return { ...report, encoding, separator };
}
