import type { ErasureKeySource } from '../../shared/erasureHash';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Parser } from 'csv-parse';
import type { Db } from '../../db/db';
import { badRequest, HttpError } from '../../shared/errors';
import { decodeText, detectSeparator, type CsvInputSeparator, type TextEncoding } from '../../shared/textDecoding';
import { ContactBatch, type ContactInput, type ImportReport } from './contactBatch';
import type { ListOwner } from './repository';
import { attribName, MAX_ATTRIBS } from './attribs';
import { EXPORT_HEADER } from './csvExport';

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

/**
 * The export's own columns beyond the contact's fields (origine, statut, ajouté le,
 * consentement): an export imported again does not turn them into attributes.
 */
const EXPORT_ONLY = new Set(EXPORT_HEADER.slice(4).map((header) => header.toLowerCase()));

/** What a column of the file fills: a contact field, an attribute (issue 37), or nothing. */
type Column = ContactField | { attrib: string } | null;

/**
 * The header row's columns: the contact's fields by their usual names, every other column an
 * attribute named after its header, trimmed and lower-cased (docs/architecture.md, «Contacts and
 * consent»). An empty header is no column; a name twice, or more than MAX_ATTRIBS, is a 400.
 */
export function columnsOf(headers: string[]): Column[] {
  const attribs = new Set<string>();
  return headers.map((header) => {
    const field = columnOf(header);
    if (field) return field;
    if (header.trim() === '' || EXPORT_ONLY.has(header.trim().toLowerCase())) return null;
    const name = attribName(header);
    if (name === null) throw badRequest('file', `La colonne « ${header.slice(0, 80)} » ne peut pas nommer un attribut (64 caractères au plus, sans caractère de contrôle).`);
    if (attribs.has(name)) throw badRequest('file', `La colonne « ${name} » est en double.`);
    attribs.add(name);
    if (attribs.size > MAX_ATTRIBS) throw badRequest('file', `Le fichier a plus de ${MAX_ATTRIBS} colonnes d'attributs.`);
    return { attrib: name };
  });
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
 * Imports a CSV of contacts (a header row naming email, firstname, lastname, phone and any
 * attribute; comma, semicolon or tab separated) into a list as it streams in: one batch in memory at a time.
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
    let columns: Column[] | null = null;
    for await (const { fields, line } of records) {
      if (!columns) {
        columns = columnsOf(fields);
        if (!columns.includes('email')) {
          throw badRequest('file', "La première ligne du fichier doit nommer les colonnes, dont 'email'.");
        }
        continue;
      }
      const contact: ContactInput = { line, email: '' };
      for (let i = 0; i < columns.length && i < fields.length; i += 1) {
        const field = columns[i];
        if (typeof field === 'string') contact[field] = fields[i];
        // An empty cell is no attribute: the contact does not have it.
        else if (field && fields[i] !== '') (contact.attribs ??= {})[field.attrib] = fields[i];
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
