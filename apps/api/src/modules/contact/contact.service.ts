import { randomUUID } from 'node:crypto';
import type { ContactMessage } from '@store/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import type { Mailer } from '../mail/index.ts';
import { contactMail } from './contact.mail.tsx';
import {
  findContactMessageForUpdate,
  type InboxStatus,
  insertContactMessage,
  listContactMessages,
  listContactMessagesPage,
  setContactMessageHandledAt,
} from './contact.repository.ts';
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
  /** The back office's inbox: one page, newest first. */
  listPage(filter: {
    status: InboxStatus;
    limit: number;
    offset: number;
  }): Promise<{ rows: ContactMessageRow[]; total: number }>;
  /**
   * Marks the message handled (at `at`) or not (null) inside the caller's transaction; answers
   * it before and after. 404 when there is no such message.
   */
  setHandled(
    tx: Db,
    id: string,
    at: Date | null,
  ): Promise<{ before: ContactMessageRow; after: ContactMessageRow }>;
}

export function createContactService(deps: ContactServiceDeps): ContactService {
  return {
    async receive(message, log) {
      const id = randomUUID();
      await insertContactMessage(deps.db, { id, ...message, createdAt: deps.clock() });
      try {
        await deps.mailer.send(await contactMail(deps.storeEmail, message));
      } catch (error) {
        // The message is stored and the operator sees it in the back office; the sender need not retry.
        log.error({ err: error, contactMessageId: id }, 'contact mail failed');
      }
    },
    list: (limit = 100) => listContactMessages(deps.db, limit),
    listPage: (filter) => listContactMessagesPage(deps.db, filter),
    async setHandled(tx, id, at) {
      const before = await findContactMessageForUpdate(tx, id);
      if (!before) throw notFound('That message');
      // Marking again keeps the first time it was handled.
      const keep = at !== null && before.handledAt !== null;
      const after = keep ? before : await setContactMessageHandledAt(tx, id, at);
      return { before, after: after! };
    },
  };
}
