import { parentPort } from 'node:worker_threads';
import nodemailer, { type SendMailOptions } from 'nodemailer';

/**
 * The thread that builds messages (messageBuilder.ts): nodemailer's own composing and DKIM
 * signing, through its stream transport, with the line ends SMTP sends. The SMTP pool then
 * sends the bytes as they are.
 */
const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

parentPort?.on('message', ({ id, message }: { id: number; message: SendMailOptions }) => {
  builder.sendMail(message).then(
    (info) => parentPort?.postMessage({ id, raw: info.message as Buffer, envelope: info.envelope }),
    // The caller builds such a message itself, which raises the error with all its fields.
    () => parentPort?.postMessage({ id }),
  );
});
