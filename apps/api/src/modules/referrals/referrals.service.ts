import { type MyReferrals, REFERRALS_FOR_REWARD, referralLinkOf } from '@store/contracts';
import type { Db, Tx } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import * as progress from '../../read-models/referral-progress.ts';
import { markReferralPopupShown } from '../accounts/index.ts';
import type { Mailer } from '../mail/index.ts';
import { REFERRAL_REWARD_MAIL, referralRewardMail } from './referral.mail.tsx';
import * as repo from './referrals.repository.ts';

export interface ReferralsDeps {
  db: Db;
  clock: () => Date;
  mailer: Mailer;
  config: { publicUrl: string };
  log: { error(obj: object, msg: string): void };
}

/**
 * When, after the payment that earned it, the queued reward mail is looked for and sent. The mail
 * is queued inside the payment's transaction and can only be seen once that commits, which on a
 * busy machine has taken longer than 2 s; so the flush is tried again later, and whichever try first
 * sees the committed row sends it (once: the row is marked sent in the same statement). A mail all
 * of them missed goes out with the next payment-reconciliation job (composition/jobs.ts).
 */
const FLUSH_DELAYS_MS = [100, 1_000, 3_000, 10_000, 30_000];

export type ReferralsService = ReturnType<typeof createReferralsService>;

/** Referral links and the free-tub reward (docs/product.md#referrals). */
export function createReferralsService({ db, clock, mailer, config, log }: ReferralsDeps) {
  /** Sends every queued reward mail, a batch at a time, and says how many; each goes once, whoever flushes. */
  async function flushMails(): Promise<number> {
    let sent = 0;
    for (;;) {
      const mails = await repo.takeUnsentMails(db, REFERRAL_REWARD_MAIL, clock());
      if (mails.length === 0) return sent;
      for (const mail of mails) {
        await mailer.send(mail).catch((error: unknown) => log.error({ err: error }, 'referral mail failed'));
      }
      sent += mails.length;
    }
  }

  function flushSoon() {
    for (const delay of FLUSH_DELAYS_MS) {
      setTimeout(() => {
        void flushMails().catch((error: unknown) => log.error({ err: error }, 'referral mail flush failed'));
      }, delay).unref();
    }
  }

  /** Issues the free-tub coupon and queues its mail when the referrer has earned it and is a member. */
  async function grantIfDue(tx: Db, referrer: progress.Referrer): Promise<boolean> {
    if ((await progress.paidReferralCount(tx, referrer)) < REFERRALS_FOR_REWARD) return false;
    if (!(await progress.isMember(tx, referrer.id))) return false;
    if (await repo.hasReward(tx, referrer.id)) return false;
    const now = clock();
    const reward = await repo.insertReward(tx, referrer.id, now);
    if (!reward) return false;
    await repo.queueMail(
      tx,
      `referral-reward:${referrer.id}`,
      await referralRewardMail(referrer.email, reward.code, `${config.publicUrl}/shop`),
      now,
    );
    return true;
  }

  return {
    /** GET /referrals/Mine: the member's link (from PUBLIC_URL), progress and reward. */
    async mine(identityId: string): Promise<MyReferrals> {
      const row = await progress.referralSummary(db, identityId);
      if (!row) throw notFound('That account');
      return {
        referralCode: row.referralCode,
        referralLink: referralLinkOf(config.publicUrl, row.referralCode),
        referredCount: row.referredCount,
        paidCount: row.paidCount,
        requiredCount: REFERRALS_FOR_REWARD,
        reward:
          row.couponCode && row.issuedAt
            ? { couponCode: row.couponCode, redeemed: row.redeemed, issuedAt: row.issuedAt.toISOString() }
            : null,
        popupShownAt: row.popupShownAt?.toISOString() ?? null,
      };
    },

    /** POST /referrals/PopupShown: remembered on the account, so other devices skip the popup too. */
    async popupShown(identityId: string): Promise<void> {
      await markReferralPopupShown(db, identityId, clock());
    },

    /**
     * In the transaction that records a first box as paid. The reward goes to a referrer who can
     * use it (docs/product.md#referrals): a member with 2 referred members whose first box is paid.
     * So this payment may complete the referrer's count, or make a referrer whose count was already
     * complete a member. Rows are locked first, so two referred members paying at the same moment
     * are counted one after the other and the reward is issued once.
     */
    async onFirstBoxPaid(tx: Tx, identityId: string): Promise<void> {
      const referrer = await progress.lockReferrerOf(tx, identityId);
      const granted = referrer ? await grantIfDue(tx, referrer) : false;
      const self = await progress.lockReferrer(tx, identityId);
      const selfGranted = self ? await grantIfDue(tx, self) : false;
      if (granted || selfGranted) flushSoon();
    },

    flushMails,
  };
}
