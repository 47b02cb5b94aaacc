import { stringify } from 'csv-stringify/sync';
import { Type } from '@sinclair/typebox';

/** The separators a CSV file of ours may use: `;` (French Excel's, the default) or `,`. */
export const CSV_SEPARATORS = [';', ','] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];
export const DEFAULT_CSV_SEPARATOR: CsvSeparator = ';';

/** The `separator` a CSV route takes (query or body). */
export const CsvSeparatorSchema = Type.Union(
  CSV_SEPARATORS.map((s) => Type.Literal(s)),
  { description: 'Séparateur des colonnes : « ; » (Excel en français, par défaut) ou « , ».' },
);

/** Where a reader may end a cell: the separators it may split on, and line breaks. */
const SPLITS = /([;,\t\r\n])/;

/** A cell a spreadsheet would run (OWASP's list, full-width forms too: Apple Numbers reads them). */
const FORMULA = /^[ \u00a0]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Characters that may make another reader split the value: such values are always quoted. */
const MAY_SPLIT = /[;,\t\r\n"]/;

/**
 * A value no spreadsheet runs as a formula (OWASP's CSV injection advice): every place where a
 * reader could start a cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return
 * (or their full-width forms, which Apple Numbers reads as such) gets a `'` first, whichever
 * separator the reader picks; the writer then quotes the value. `x;=1+2;y` becomes
 * `x;'=1+2;y`: split on `;`, no cell holds `=1+2`.
 */
export function guardFormula(value: string): string {
  const pieces = value.split(SPLITS);
  for (let i = 0; i < pieces.length; i += 2) if (FORMULA.test(pieces[i])) pieces[i] = `'${pieces[i]}`;
  const guarded = pieces.join('');
  // A cell starting with a tab or carriage return is a formula for some readers too.
  return /^[\t\r]/.test(guarded) ? `'${guarded}` : guarded;
}

export interface CsvFormat {
  /** The first line: a UTF-8 BOM (Excel then reads the accents right) and the header. */
  header(columns: readonly string[]): string;
  /** Records as CSV lines (CRLF), each value guarded and quoted when it could split. */
  rows(records: readonly (readonly (string | number | null | undefined)[])[]): string;
}

/**
 * The one way the product writes CSV (contacts export, a send's outcomes): RFC 4180 through
 * csv-stringify, UTF-8 with a BOM, `;` by default or `,`.
 */
export function csvFormat(separator: CsvSeparator = DEFAULT_CSV_SEPARATOR): CsvFormat {
  const write = (records: readonly (readonly (string | number | null | undefined)[])[]) =>
    stringify(
      records.map((record) => record.map((value) => (value === null || value === undefined ? '' : guardFormula(String(value))))),
      {
        delimiter: separator,
        record_delimiter: '\r\n',
        // Quoted whenever a reader splitting on another separator could cut it.
        quoted_match: MAY_SPLIT,
      },
    );
  return {
    header: (columns) => `\uFEFF${write([columns])}`,
    rows: (records) => (records.length === 0 ? '' : write(records)),
  };
}
