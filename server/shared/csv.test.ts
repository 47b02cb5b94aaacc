import { parse } from 'csv-parse/sync';
import { csvFormat, guardFormula } from './csv';

const FORMULA_START = /^[ \u00a0]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Every cell a reader could see, splitting naively (quotes ignored) on any separator. */
const naiveCells = (text: string) => text.replace(/^\uFEFF/, '').split(/[;,\t\r\n]/).map((cell) => cell.replace(/^"+/, ''));

const HOSTILE = [
  'x;=1+2;y',
  'x,=1+2,y',
  'x\t=1+2',
  'a\n=HYPERLINK("http://evil")',
  '=1+2',
  '+33 6 12 34 56 78',
  '-2+3',
  '@SUM(A1)',
  '\t=1',
  '\r=1',
  'x; =1+2',
  'Dupont, "le grand"',
  '\uFF1D1+2',
  'x;\uFF0B1',
];

describe('guardFormula', () => {
  it('prefixes every place a cell could start a formula, whatever the separator', () => {
    expect(guardFormula('x;=1+2;y')).toBe("x;'=1+2;y");
    expect(guardFormula('=1+2')).toBe("'=1+2");
    expect(guardFormula('Élodie Œuvre 12 €')).toBe('Élodie Œuvre 12 €');
    for (const value of HOSTILE) {
      for (const cell of guardFormula(value).split(/[;,\t\r\n]/)) expect(cell).not.toMatch(FORMULA_START);
    }
  });
});

describe('csvFormat', () => {
  it.each([';', ','] as const)('writes UTF-8 with a BOM, %s-separated, and reads back every value', (separator) => {
    const csv = csvFormat(separator);
    const text = csv.header(['email', 'prénom']) + csv.rows([['elodie@example.org', 'Élodie'], ['œ@example.org', 'x;=1+2;y'], ['a@b.c', null]]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.split('\r\n')[0]).toBe(`\uFEFFemail${separator}prénom`);
    const records = parse(text.replace(/^\uFEFF/, ''), { delimiter: separator }) as string[][];
    expect(records).toEqual([
      ['email', 'prénom'],
      ['elodie@example.org', 'Élodie'],
      ['œ@example.org', "x;'=1+2;y"],
      ['a@b.c', ''],
    ]);
  });

  it.each([';', ','] as const)('lets no cell start a formula whether read with quotes or split naively (%s)', (separator) => {
    const csv = csvFormat(separator);
    const text = csv.rows(HOSTILE.map((value) => ['ok', value]));
    for (const cell of naiveCells(text)) expect(cell).not.toMatch(FORMULA_START);
    for (const reader of [';', ',', '\t']) {
      const records = parse(text, { delimiter: reader, relax_quotes: true, relax_column_count: true }) as string[][];
      for (const cell of records.flat()) expect(cell).not.toMatch(FORMULA_START);
    }
    // `x;=1+2;y` is quoted: French Excel keeps it in one cell.
    expect(text).toContain(`ok${separator}"x;'=1+2;y"\r\n`);
  });
});
