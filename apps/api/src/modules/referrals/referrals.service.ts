import { type MyReferrals, REFERRALS_FOR_REWARD, referralLinkOf } from '@store/contracts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { REFERRAL_REWARD_MAIL, referralRewardMail } from './referral-mail.ts';
import * as repo from './referrals.repository.ts';

export interface ReferralsDeps {
  db: Db;
  clock: () => Date;
  mailer: Mailer;
  config: { publicUrl: string };
  log: { error(obj: object, msg: string): void };
}

/** How long after a payment's transaction the queued reward mail is sent (it has committed by then). */
const FLUSH_DELAYS_MS = [100, 2_000];

export type ReferralsService = ReturnType<typeof createReferralsService>;

/** Referral links and the free-tub reward (DESIGN §5 referral). */
export function createReferralsService({ db, clock, mailer, config, log }: ReferralsDeps) {
  /** Sends the queued reward mails; each goes once, whoever flushes. */
  async function flushMails(): Promise<number> {
    const mails = await repo.takeUnsentMails(db, REFERRAL_REWARD_MAIL, clock());
    for (const mail of mails) {
      await mailer.send(mail).catch((error: unknown) => log.error({ err: error }, 'referral mail failed'));
    }
    return mails.length;
  }

  function flushSoon() {
    for (const delay of FLUSH_DELAYS_MS) {
      setTimeout(() => {
        void flushMails().catch((error: unknown) => log.error({ err: error }, 'referral mail flush failed'));
      }, delay).unref();
    }
  }

  return {
    /** GET /referrals/Mine: the member's link (from PUBLIC_URL), progress and reward. */
    async mine(identityId: string): Promise<MyReferrals> {
      const row = await repo.referralSummary(db, identityId);
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
      await repo.markPopupShown(db, identityId, clock());
    },

    /**
     * In the transaction that records a first box as paid: once the referrer of this member
     * has 2 referred members with a paid first box, issue their single-use free-tub coupon and
     * queue their mail. The referrer's row is locked first, so two referred members paying at
     * the same moment are counted one after the other and the reward is issued once.
     */
    async onFirstBoxPaid(tx: Db, identityId: string): Promise<void> {
      const referrer = await repo.lockReferrerOf(tx, identityId);
      if (!referrer) return;
      if ((await repo.paidReferralCount(tx, referrer)) < REFERRALS_FOR_REWARD) return;
      if (await repo.hasReward(tx, referrer.id)) return;
      const now = clock();
      const reward = await repo.insertReward(tx, referrer.id, now);
      if (!reward) return;
      await repo.queueMail(
        tx,
        `referral-reward:${referrer.id}`,
        referralRewardMail(referrer.email, reward.code, `${config.publicUrl}/shop`),
        now,
      );
      flushSoon();
    },

    flushMails,
  };
}
