import type { BillingInfo, Subscription } from '@store/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import type { AccessTokens } from '../../http/auth.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Mail, Mailer } from '../mail/index.ts';
import type { IdentityRow } from './accounts.table.ts';
import type { PasswordHashing } from './passwords.ts';
import type { Sessions } from './sessions.ts';

/** What a later payments module tells AuthInfo about a member. */
export interface Membership {
  subscription: Subscription | null;
  uncompletedCheckoutOrderId: string | null;
}

export interface AccountsDeps {
  config: Config;
  db: Db;
  clock: () => Date;
  mailer: Mailer;
  tokens: AccessTokens;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  /** argon2id (`ARGON2_PASSWORDS`) unless given; the demo seeding app hashes its one password once. */
  passwords?: PasswordHashing;
  /** Filled in by the payments module; without it AuthInfo answers no subscription. */
  membershipOf?: (identityId: string) => Promise<Membership>;
  /**
   * AuthInfo's identity row and membership in one statement (the composition root builds it over
   * the read model); without it AuthInfo reads the identity and asks `membershipOf`.
   */
  authInfoOf?: (identityId: string) => Promise<{ identity: IdentityRow; membership: Membership } | undefined>;
  /** Filled in by the payments module; without it billing info is all nulls. */
  billingOf?: (identityId: string) => Promise<BillingInfo | null>;
}

/** What every accounts use case shares. */
export interface AccountsContext extends AccountsDeps {
  sessions: Sessions;
  passwords: PasswordHashing;
  /**
   * Renders and sends a mail in the background so neither rendering nor a slow mail server
   * changes response times (no enumeration).
   */
  deliver(mail: Promise<Mail>): void;
  /** Waits for mails still being sent (shutdown, tests). */
  drainMail(): Promise<void>;
  /** Sends at most `MAIL_PER_ADDRESS_PER_HOUR` account mails to one address per hour; false when over. */
  withinMailCap(email: string): Promise<boolean>;
  links: {
    verification(code: string, identityId: string): string;
    resetPassword(token: string, email: string): string;
    loginLink(token: string): string;
    login(): string;
    forgotPassword(): string;
    quiz(): string;
    membership(): string;
    checkout(orderId: string): string;
    unsubscribe(identityId: string): string;
  };
}

/** Verification link lifetime (hours). */
export const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
/** Password reset link lifetime (ASVS: at most 30 minutes for a reset). */
export const RESET_TTL_MS = 30 * 60 * 1000;
/** Account mails (verification, reset, already-registered) to one address in one hour. */
export const MAIL_PER_ADDRESS_PER_HOUR = 5;
