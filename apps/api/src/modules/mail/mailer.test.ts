import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import { verificationMail } from './account.mail.tsx';
import { createMailer, listMail } from './mailer.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let port: number;
let database: Database;
const received: Received[] = [];

beforeAll(async () => {
  // A real SMTP server on loopback: the mail travels the same path as in production.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
  database = await openTestDatabase();
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await database?.close();
});

/** Undoes quoted-printable soft breaks and escapes so the test can read the parts. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe('mailer over SMTP', () => {
  it('sends a mail with its HTML and text parts to a real SMTP server, and records it', async () => {
    const link = 'https://store.example/verification/code123/5d1f0a2e-8c1b-4f7e-9a3d-2b6c8e0f1a47';
    const mailer = createMailer({ db: database.db, smtpUrl: `smtp://127.0.0.1:${port}` });
    await mailer.send(await verificationMail('reader@example.com', link));

    expect(received).toHaveLength(1);
    const message = received[0]!;
    expect(message.to).toEqual(['reader@example.com']);
    expect(message.from).toBe('no-reply@samplefirst.example');
    expect(message.raw).toMatch(/^Subject: Verify your email for Sample First/m);
    expect(message.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(message.raw).toMatch(/Content-Type: text\/plain/i);
    expect(message.raw).toMatch(/Content-Type: text\/html/i);
    const body = decodeQuotedPrintable(message.raw);
    expect(body).toContain(`Verify my email ${link}`);
    expect(body).toContain(`href="${link}"`);

    const stored = await listMail(database.db);
    expect(stored[0]).toMatchObject({ kind: 'verify-email', to: 'reader@example.com' });
  });
});
