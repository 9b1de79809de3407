import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/database.ts';

/** One email, always with an HTML and a text version. */
export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What the mail is for ("verify-email", "reset-password", "contact"); for the mailbox and tests. */
  kind: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface StoredMail extends Mail {
  id: string;
  createdAt: string;
}

const FROM = 'Sample First <no-reply@samplefirst.example>';

/**
 * Every mail is recorded in `emails` (the dev mailbox reads it when there is no SMTP server);
 * with `SMTP_URL` it is also sent over SMTP.
 */
export function createMailer(options: { db: Db; smtpUrl?: string; from?: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(mail) {
      const id = randomUUID();
      await options.db.execute(sql`
        INSERT INTO emails (id, kind, to_address, subject, html, text, sent_via)
        VALUES (${id}, ${mail.kind}, ${mail.to}, ${mail.subject}, ${mail.html}, ${mail.text}, ${transport ? 'smtp' : 'mailbox'})`);
      if (transport) {
        await transport.sendMail({
          from: options.from ?? FROM,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
        });
      }
    },
  };
}

/** The dev mailbox: newest first. */
export async function listMail(db: Db, limit = 50): Promise<StoredMail[]> {
  const result = await db.execute<{
    id: string;
    kind: string;
    to_address: string;
    subject: string;
    html: string;
    text: string;
    created_at: string | Date;
  }>(
    sql`SELECT id, kind, to_address, subject, html, text, created_at FROM emails ORDER BY created_at DESC, id LIMIT ${limit}`,
  );
  return result.rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    to: r.to_address,
    subject: r.subject,
    html: r.html,
    text: r.text,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
