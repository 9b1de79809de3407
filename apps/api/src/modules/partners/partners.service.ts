import { randomUUID } from 'node:crypto';
import type { PartnerRequest } from '@store/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import type { Mailer } from '../mail/index.ts';
import { partnerRequestMail } from './partners.mail.tsx';
import {
  findPartnerRequestForUpdate,
  type InboxStatus,
  insertPartnerRequest,
  listPartnerRequests,
  listPartnerRequestsPage,
  setPartnerRequestHandledAt,
} from './partners.repository.ts';
import type { PartnerRequestRow } from './partners.table.ts';

export interface PartnersServiceDeps {
  db: Db;
  mailer: Mailer;
  clock: () => Date;
  /** Where applications are mailed (STORE_EMAIL). */
  storeEmail: string;
}

export interface PartnersService {
  /** Keeps the application and mails it to the store; a mail outage does not lose it. */
  submit(request: PartnerRequest, log: FastifyBaseLogger): Promise<void>;
  list(limit?: number): Promise<PartnerRequestRow[]>;
  /** The back office's inbox: one page, newest first. */
  listPage(filter: {
    status: InboxStatus;
    limit: number;
    offset: number;
  }): Promise<{ rows: PartnerRequestRow[]; total: number }>;
  /**
   * Marks the application handled (at `at`) or not (null) inside the caller's transaction; answers
   * it before and after. 404 when there is no such application.
   */
  setHandled(
    tx: Db,
    id: string,
    at: Date | null,
  ): Promise<{ before: PartnerRequestRow; after: PartnerRequestRow }>;
}

export function createPartnersService(deps: PartnersServiceDeps): PartnersService {
  return {
    async submit(request, log) {
      const id = randomUUID();
      await insertPartnerRequest(deps.db, {
        id,
        firstName: request.firstName,
        lastName: request.lastName,
        email: request.email,
        phone: request.phone,
        fitnessType: request.fitnessType ?? '',
        instagram: request.instagram ?? '',
        tiktok: request.tiktok ?? '',
        otherSocials: request.otherSocials ?? '',
        createdAt: deps.clock(),
      });
      try {
        await deps.mailer.send(await partnerRequestMail(deps.storeEmail, request));
      } catch (error) {
        // The application is stored and listed in the back office; the applicant need not retry.
        log.error({ err: error, partnerRequestId: id }, 'partner request mail failed');
      }
    },
    list: (limit = 100) => listPartnerRequests(deps.db, limit),
    listPage: (filter) => listPartnerRequestsPage(deps.db, filter),
    async setHandled(tx, id, at) {
      const before = await findPartnerRequestForUpdate(tx, id);
      if (!before) throw notFound('That partner request');
      // Marking again keeps the first time it was handled.
      const keep = at !== null && before.handledAt !== null;
      const after = keep ? before : await setPartnerRequestHandledAt(tx, id, at);
      return { before, after: after! };
    },
  };
}
