import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export interface Account {
  email: string;
  password: string;
}

/** A fresh address each call, so tests never depend on each other's accounts. */
export function newAccount(prefix = 'member'): Account {
  return {
    email: `${prefix}-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`,
    password: `sample-first-${randomBytes(4).toString('hex')}`,
  };
}

/**
 * Fills and sends the sign-up form; the thank-you view confirms it. "Email me news and offers"
 * starts unticked; `optIn` ticks it.
 */
export async function signUp(page: Page, account: Account, options: { optIn?: boolean } = {}) {
  await page.goto('/register');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('I am 13 or older').check();
  const news = page.getByLabel('Email me news and offers');
  await expect(news).not.toBeChecked();
  if (options.optIn) await news.check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for signing up!' })).toBeVisible();
}

/** Opens the dev mailbox and shows the newest mail to `to`, waiting for it to arrive. */
export async function openMail(page: Page, to: string) {
  await page.goto('/dev/mailbox');
  const mails = page.getByRole('navigation', { name: 'Emails' }).getByRole('button').filter({ hasText: to });
  // Sending may finish a moment after the answer: refresh until the mail is listed.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(mails.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await mails.first().click();
}

/**
 * Follows the first link of the newest mail to `to` whose address contains `linkPart` (the
 * mailbox lists a mail's links as ordinary links).
 */
export async function followMailLink(page: Page, to: string, linkPart: string) {
  await openMail(page, to);
  const pattern = new RegExp(linkPart.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  await page.getByRole('link', { name: pattern }).first().click();
}

/** Follows the verification link mailed to `email`; the page confirms the address. */
export async function verifyFromMail(page: Page, email: string) {
  await followMailLink(page, email, '/verification/');
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
}

/** Signs up, then verifies the address through the mailed link. */
export async function registerAndVerify(
  page: Page,
  account: Account = newAccount(),
  options: { optIn?: boolean } = {},
): Promise<Account> {
  await signUp(page, account, options);
  await verifyFromMail(page, account.email);
  return account;
}

/** Fills the "Welcome Back" form and presses Continue (the caller checks where it lands). */
export async function submitLogin(page: Page, account: Account) {
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Forgets the session in this browser without the UI (for tests that need a signed-out start). */
export async function forgetSession(page: Page) {
  await page.evaluate(() => localStorage.clear());
}
