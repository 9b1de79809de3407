import { randomUUID } from 'node:crypto';
import type { ContactMessage } from '@store/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { contactMail } from './contact.mail.ts';
import { insertContactMessage, listContactMessages } from './contact.repository.ts';
import type { ContactMessageRow } from './contact.table.ts';

export interface ContactServiceDeps {
  db: Db;
  mailer: Mailer;
  clock: () => Date;
  /** Where contact messages are mailed (STORE_EMAIL). */
  storeEmail: string;
}

export interface ContactService {
  /** Keeps the message and mails it to the store; a mail outage does not lose it. */
  receive(message: ContactMessage, log: FastifyBaseLogger): Promise<void>;
  list(limit?: number): Promise<ContactMessageRow[]>;
}

export function createContactService(deps: ContactServiceDeps): ContactService {
  return {
    async receive(message, log) {
      const id = randomUUID();
      await insertContactMessage(deps.db, { id, ...message, createdAt: deps.clock() });
      try {
        await deps.mailer.send(contactMail(deps.storeEmail, message));
      } catch (error) {
        // The message is stored and the operator sees it in the back office; the sender need not retry.
        log.error({ err: error, contactMessageId: id }, 'contact mail failed');
      }
    },
    list: (limit = 100) => listContactMessages(deps.db, limit),
  };
}
