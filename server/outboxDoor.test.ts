import fs from 'node:fs';
import path from 'node:path';

/**
 * One door into the outbox: outside the mail module no code (tests and migrations aside) writes
 * a `mail_` table, and inside it only `mail/queue` inserts sends, recipients and messages.
 */
const serverDir = __dirname;
const sources = (fs.readdirSync(serverDir, { recursive: true }) as string[])
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('migrations.ts') && !file.startsWith('testing/'));
const writing = (file: string, statement: RegExp) => statement.test(fs.readFileSync(path.join(serverDir, file), 'utf8'));

it('finds the server sources', () => {
  expect(sources).toContain('modules/mail/queue/sends.ts');
});

it('lets no code outside modules/mail write a mail_ table', () => {
  const outside = sources.filter((file) => !file.startsWith('modules/mail/'));
  expect(outside.filter((file) => writing(file, /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+mail_/i))).toEqual([]);
});

it('lets only mail/queue insert into mail_send, mail_recipient and mail_message', () => {
  const inMail = sources.filter((file) => file.startsWith('modules/mail/') && !file.startsWith('modules/mail/queue/'));
  expect(inMail.filter((file) => writing(file, /\bINSERT\s+INTO\s+mail_(send|recipient|message)\b/i))).toEqual([]);
  expect(writing('modules/mail/queue/sends.ts', /\bINSERT\s+INTO\s+mail_send\b/i)).toBe(true);
});
