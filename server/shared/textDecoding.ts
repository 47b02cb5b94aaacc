import type { Readable } from 'node:stream';
import chardet from 'chardet';
import iconv from 'iconv-lite';

/** The encodings an uploaded text file is read in, as the import's answer names them. */
export type TextEncoding = 'UTF-8' | 'windows-1252' | 'ISO-8859-1' | 'UTF-16LE' | 'UTF-16BE';

/** How much of the file's start is looked at to tell its encoding and separator. */
const SAMPLE_BYTES = 64 * 1024;

/** Whether `bytes` is UTF-8, ignoring a multi-byte character cut at the end of the sample. */
function isUtf8(bytes: Buffer, complete: boolean): boolean {
  let end = bytes.length;
  if (!complete) {
    // Step back over the last character's continuation bytes and its lead byte: it may be cut.
    let i = end - 1;
    while (i >= 0 && end - i <= 4 && (bytes[i] & 0xc0) === 0x80) i -= 1;
    if (i >= 0 && bytes[i] >= 0xc0) end = i;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/**
 * The encoding of a file starting with `sample`: a BOM says it (UTF-8, UTF-16); bytes that are
 * valid UTF-8 are UTF-8; otherwise chardet's guess among the single-byte encodings French files
 * come in (Excel for Windows saves `CSV (séparateur : point-virgule)` in Windows-1252). Bytes
 * 0x80–0x9F are printable only in Windows-1252 (`€`, `Œ`, `œ`, `’`…), control codes in
 * ISO-8859-1: a file holding them is Windows-1252, whatever the guess.
 */
export function detectEncoding(sample: Buffer, complete: boolean): TextEncoding {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'UTF-8';
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'UTF-16LE';
  if (sample[0] === 0xfe && sample[1] === 0xff) return 'UTF-16BE';
  if (isUtf8(sample, complete)) return 'UTF-8';
  if (sample.some((byte) => byte >= 0x80 && byte <= 0x9f)) return 'windows-1252';
  const guess = chardet.detect(sample);
  return guess === 'ISO-8859-1' ? 'ISO-8859-1' : 'windows-1252';
}

export interface DecodedText {
  encoding: TextEncoding;
  /** The file's first characters (up to the sample's end), decoded: enough to tell its separator. */
  head: string;
  /** The whole file as text, decoded as it streams in (the BOM removed). */
  text: AsyncGenerator<string>;
}

/**
 * Reads a file's first bytes to tell its encoding, then decodes the whole stream with
 * iconv-lite, chunk by chunk: one sample in memory at most, whatever the file's size.
 * `limit(bytes)` is called with each chunk's size and may throw to stop the read.
 */
export async function decodeText(input: Readable, limit: (bytes: number) => void = () => undefined): Promise<DecodedText> {
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const sampled: Buffer[] = [];
  let size = 0;
  let complete = false;
  while (size < SAMPLE_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      complete = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    limit(chunk.length);
    sampled.push(chunk);
    size += chunk.length;
  }
  const sample = Buffer.concat(sampled);
  const encoding = detectEncoding(sample, complete);
  // iconv-lite strips the BOM of UTF-8 and UTF-16 by default.
  const decoder = iconv.getDecoder(encoding);
  const head = decoder.write(sample);
  async function* text(): AsyncGenerator<string> {
    if (head) yield head;
    if (!complete) {
      for (;;) {
        const next = await chunks.next();
        if (next.done) break;
        const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
        limit(chunk.length);
        const part = decoder.write(chunk);
        if (part) yield part;
      }
    }
    const rest = decoder.end();
    if (rest) yield rest;
  }
  return { encoding, head, text: text() };
}

/** The separators a CSV of contacts may use. */
export type CsvInputSeparator = ';' | ',' | '\t';

/**
 * The separator of a CSV whose first line is in `head`: the one of `;`, `,` and tab that the
 * header line holds most often outside quotes (`;` wins a tie: French Excel's), `,` if none.
 */
export function detectSeparator(head: string): CsvInputSeparator {
  const counts: Record<CsvInputSeparator, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const char of head) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as CsvInputSeparator] += 1;
  }
  const best = (Object.keys(counts) as CsvInputSeparator[]).sort((a, b) => counts[b] - counts[a] || (a === ';' ? -1 : b === ';' ? 1 : 0))[0];
  return counts[best] > 0 ? best : ',';
}
