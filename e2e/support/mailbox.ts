import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** What the SMTP sink of the e2e run received, parsed, oldest first. */
export async function receivedMail(): Promise<ParsedMail[]> {
  const dir = process.env.E2E_MAIL_DIR as string;
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(files.map((name) => simpleParser(fs.readFileSync(path.join(dir, name)))));
}

export const recipientOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;

/** Waits until the sink holds messages matching `which`, at least `count` of them; answers them. */
export async function waitForMail(
  which: (mail: ParsedMail) => boolean,
  count: number,
  timeoutMs = 20_000,
): Promise<ParsedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await receivedMail()).filter(which);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
