import type { LimitRule } from '../../http/rate-limit.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Soft, windowed limits (docs/reliability.md#a4, docs/reliability.md#a5, docs/reliability.md#a6): nobody is locked out for good, and one account
 * takes at most 100 failed logins an hour however many addresses the attacker uses.
 */
export const Limits = {
  loginIp: { name: 'login-ip', max: 50, windowMs: 15 * MINUTE },
  /** Keyed by account and IP address together. */
  loginAccount: { name: 'login-account', max: 10, windowMs: 15 * MINUTE },
  /**
   * Failed password logins of one account from every address together (a right password gives
   * its reserved slot back). Once spent, password logins wait and the owner is mailed a login link (docs/reliability.md#a4).
   */
  loginFailures: { name: 'login-failures', max: 100, windowMs: HOUR },
  /** One "your password logins are paused" login link per account and budget window. */
  budgetMail: { name: 'login-budget-mail', max: 1, windowMs: HOUR },
  loginLinkIp: { name: 'login-link-ip', max: 10, windowMs: 15 * MINUTE },
  loginLinkEmail: { name: 'login-link-email', max: 3, windowMs: HOUR },
  loginWithLinkIp: { name: 'login-with-link-ip', max: 30, windowMs: 15 * MINUTE },
  registerIp: { name: 'register-ip', max: 20, windowMs: HOUR },
  verifyIp: { name: 'verify-ip', max: 30, windowMs: 15 * MINUTE },
  resendIp: { name: 'resend-verification-ip', max: 10, windowMs: 15 * MINUTE },
  resendEmail: { name: 'resend-verification-email', max: 3, windowMs: HOUR },
  forgotIp: { name: 'forgot-ip', max: 10, windowMs: 15 * MINUTE },
  forgotEmail: { name: 'forgot-email', max: 5, windowMs: HOUR },
  resetIp: { name: 'reset-ip', max: 10, windowMs: 15 * MINUTE },
  changePassword: { name: 'change-password', max: 10, windowMs: 15 * MINUTE },
  refreshIp: { name: 'refresh-ip', max: 300, windowMs: 15 * MINUTE },
  googleIp: { name: 'google-ip', max: 30, windowMs: 15 * MINUTE },
  unsubscribeIp: { name: 'unsubscribe-ip', max: 30, windowMs: 15 * MINUTE },
  sendEmail: { name: 'send-selected-email', max: 30, windowMs: HOUR },
  saveImage: { name: 'save-image', max: 20, windowMs: HOUR },
} satisfies Record<string, LimitRule>;
