/**
 * The most attributes any tag of a document may carry, found in one linear pass before the
 * tree is built: an HTML tokenizer (parse5 as browsers) checks each new attribute against
 * every earlier one of its tag for duplicates, so one tag of 50,000 attributes takes it
 * seconds.
 *
 * A tag's attributes are counted by following the tokenizer's own tag states (names, `=`,
 * quoted and unquoted values, `/`), from every `<` or `</` followed by a letter. Which of those
 * open a tag depends on the tree builder (raw text, comments, foreign content), so every one is
 * counted, right to left, each position and state once: the count of a real tag is exact, and
 * text that only looks like a tag may count too (a document refused for it has at least
 * `limit` names in a row after a `<x` before any `>`, nothing a message carries).
 */

/** The tokenizer's states inside a tag (the HTML Living Standard, sections 13.2.5.8 to 13.2.5.40). */
const enum State {
  TagName,
  BeforeName,
  Name,
  AfterName,
  BeforeValue,
  DoubleQuoted,
  SingleQuoted,
  Unquoted,
  AfterQuoted,
  SelfClosing,
}
const STATES = 10;

const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;
const isLetter = (code: number) => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
const SLASH = 0x2f;
const EQUALS = 0x3d;
const GT = 0x3e;
const DQUOTE = 0x22;
const SQUOTE = 0x27;

/** The offset of the first tag (its `<`) with more than `limit` (< 65,535) attributes, or -1. */
export function firstTagWithTooManyAttributes(source: string, limit: number): number {
  const n = source.length;
  // count[state * (n + 1) + i]: the attributes the tokenizer starts from `state` at offset i to the tag's end (saturated past limit).
  const count = new Uint16Array(STATES * (n + 1));
  const at = (state: State, i: number) => count[state * (n + 1) + i];
  const set = (state: State, i: number, value: number) => {
    count[state * (n + 1) + i] = Math.min(value, limit + 1);
  };
  // At the end of the input every state emits what it holds: nothing more starts (all zero).
  for (let i = n - 1; i >= 0; i -= 1) {
    const c = source.charCodeAt(i);
    const space = isSpace(c);
    // States that consume the character, then those that reconsume it in another (in that order).
    set(State.TagName, i, space ? at(State.BeforeName, i + 1) : c === SLASH ? at(State.SelfClosing, i + 1) : c === GT ? 0 : at(State.TagName, i + 1));
    set(State.DoubleQuoted, i, c === DQUOTE ? at(State.AfterQuoted, i + 1) : at(State.DoubleQuoted, i + 1));
    set(State.SingleQuoted, i, c === SQUOTE ? at(State.AfterQuoted, i + 1) : at(State.SingleQuoted, i + 1));
    set(State.Unquoted, i, space ? at(State.BeforeName, i + 1) : c === GT ? 0 : at(State.Unquoted, i + 1));
    set(
      State.BeforeValue,
      i,
      space ? at(State.BeforeValue, i + 1) : c === DQUOTE ? at(State.DoubleQuoted, i + 1) : c === SQUOTE ? at(State.SingleQuoted, i + 1) : c === GT ? 0 : at(State.Unquoted, i),
    );
    const endsName = space || c === SLASH || c === GT;
    // After a name: a space waits, `/` and `>` end, `=` takes a value, anything else starts a new attribute.
    const afterName = space ? at(State.AfterName, i + 1) : c === SLASH ? at(State.SelfClosing, i + 1) : c === EQUALS ? at(State.BeforeValue, i + 1) : c === GT ? 0 : -1;
    const name = endsName ? afterName : c === EQUALS ? at(State.BeforeValue, i + 1) : at(State.Name, i + 1);
    set(State.Name, i, name);
    set(State.AfterName, i, afterName === -1 ? 1 + name : afterName);
    const beforeName = space ? at(State.BeforeName, i + 1) : c === SLASH || c === GT ? at(State.AfterName, i) : c === EQUALS ? 1 + at(State.Name, i + 1) : 1 + name;
    set(State.BeforeName, i, beforeName);
    set(State.SelfClosing, i, c === GT ? 0 : beforeName);
    set(State.AfterQuoted, i, space ? at(State.BeforeName, i + 1) : c === SLASH ? at(State.SelfClosing, i + 1) : c === GT ? 0 : beforeName);
  }
  for (let i = source.indexOf('<'); i !== -1; i = source.indexOf('<', i + 1)) {
    const name = source.charCodeAt(i + 1) === SLASH ? i + 2 : i + 1;
    // `<x` (or `</x`): the letter is the tag name's first, the tag-name state starts after it.
    if (name < n && isLetter(source.charCodeAt(name)) && at(State.TagName, name + 1) > limit) return i;
  }
  return -1;
}
