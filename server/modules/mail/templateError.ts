/**
 * What to tell an operator about a Handlebars error: where (line, and column when Handlebars
 * knows it) and why. A parse error's message spans several lines (the line, a caret, what was
 * expected); its first line alone, "Parse error on line 1:", says nothing after the colon.
 */
export function describeTemplateError(error: Error & { lineNumber?: number; column?: number }): string {
  const lines = error.message.split('\n');
  const parse = /^Parse error on line (\d+):$/.exec(lines[0]);
  if (parse) {
    const expected = lines[lines.length - 1];
    const excerpt = lines[1]?.trim();
    return `ligne ${parse[1]}${excerpt ? `, près de « ${excerpt} »` : ''} : ${expected}`;
  }
  const reason = lines[0].replace(/ - \d+:\d+$/, '');
  if (error.lineNumber !== undefined) {
    return `ligne ${error.lineNumber}${error.column !== undefined ? `, colonne ${error.column + 1}` : ''} : ${reason}`;
  }
  return reason;
}
