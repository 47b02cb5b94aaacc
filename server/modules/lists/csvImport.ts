import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse, type Info } from 'csv-parse';
import type { Db } from '../../db/db';
import { badRequest, HttpError } from '../../shared/errors';
import { ContactBatch, type ImportReport } from './contactBatch';
import type { ListOwner } from './repository';

const COLUMN_NAMES: Record<string, 'email' | 'firstname' | 'lastname' | 'phone'> = {
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
export function columnOf(header: string): string | null {
  const key = header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_\-.']/g, '')
    .replace(/^e(?=mail$)/, '');
  return COLUMN_NAMES[key] ?? null;
}

function byteLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new HttpError(413, `Le fichier dépasse ${Math.floor(maxBytes / 1024 / 1024)} Mo.`));
      else done(null, chunk);
    },
  });
}

/**
 * Imports a CSV of contacts (a header row naming email, firstname, lastname, phone; comma,
 * semicolon or tab separated) into a list as it streams in: one batch in memory at a time.
 */
export async function importCsv(
  db: Db,
  list: ListOwner,
  input: Readable,
  options: { origin: string; maxBytes: number; file?: string | null },
): Promise<ImportReport> {
  // Each contact's consent says it came from this import, and from which file.
  const batch = new ContactBatch(db, list, options.origin, { source: 'import', file: options.file ?? null });
  const parser = parse({
    bom: true,
    delimiter: [',', ';', '\t'],
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    max_record_size: 64 * 1024,
    info: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      batch.refuse(Number(error?.lines ?? 0), 'ligne CSV mal formée');
      return undefined;
    },
    columns: (header: string[]) => {
      const columns = header.map((name) => columnOf(name) ?? false);
      if (!columns.includes('email')) {
        throw badRequest('file', "La première ligne du fichier doit nommer les colonnes, dont 'email'.");
      }
      return columns;
    },
  });
  const consume = async (records: AsyncIterable<{ record: Record<string, string>; info: Info }>) => {
    for await (const { record, info } of records) {
      await batch.add({ line: info.lines, ...record, email: record.email ?? '' });
    }
  };
  try {
    await pipeline(input, byteLimit(options.maxBytes), parser, consume);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code?.startsWith('CSV_')) throw badRequest('file', `Fichier CSV illisible : ${(error as Error).message}`);
    throw error;
  }
  const report = await batch.finish();
  if (report.rows === 0) throw badRequest('file', 'Le fichier ne contient aucun contact.');
  return report;
}
