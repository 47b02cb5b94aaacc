/**
 * What to tell an operator about a Handlebars error: where (line and column) and why. A parse
 * error's message spans several lines (the line, an excerpt, a caret under the failing spot,
 * what was expected); its first line alone, "Parse error on line 1:", says nothing after the colon.
 */
export function describeTemplateError(error: Error & { lineNumber?: number; column?: number }, source?: string): string {
  const lines = error.message.split('\n');
  const parse = /^Parse error on line (\d+):$/.exec(lines[0]);
  if (parse) {
    const line = Number(parse[1]);
    const expected = lines[lines.length - 1];
    const excerpt = lines[1] ?? '';
    const caret = lines[2]?.indexOf('^') ?? -1;
    const column = caret < 0 ? null : parseErrorColumn(source, line, excerpt.slice(0, caret));
    const near = excerpt.trim() ? `, près de « ${excerpt.trim()} »` : '';
    return `ligne ${line}${column !== null ? `, colonne ${column}` : ''}${near} : ${expected}`;
  }
  const reason = lines[0].replace(/ - \d+:\d+$/, '');
  if (error.lineNumber !== undefined) {
    return `ligne ${error.lineNumber}${error.column !== undefined ? `, colonne ${error.column + 1}` : ''} : ${reason}`;
  }
  return reason;
}

/**
 * The 1-based column of a parse error on `line`. The parser's excerpt is the input read so far
 * (its last 20 characters, "..." before them when cut, line breaks removed) then what follows;
 * the caret's offset is where the excerpt's read part ends. Without the source, that offset is
 * the column only when the excerpt starts at the line's start; with it, the column is the
 * first place on the line where the source read so far ends with that part.
 */
export function parseErrorColumn(source: string | undefined, line: number, before: string): number | null {
  const cut = before.startsWith('...');
  const read = cut ? before.slice(3) : before;
  if (source === undefined) return !cut && line === 1 ? read.length + 1 : null;
  const sourceLines = source.split(/\r?\n/);
  const text = sourceLines[line - 1];
  if (text === undefined) return null;
  const earlier = sourceLines.slice(0, line - 1).join('');
  for (let column = 0; column <= text.length; column += 1) {
    if ((earlier + text.slice(0, column)).endsWith(read)) return column + 1;
  }
  return null;
}
