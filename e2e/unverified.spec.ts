import { expect, test } from '@playwright/test';
import { forgetSession, newAccount, openMail, signUp, submitLogin } from './support/accounts.ts';
import { becomeMember } from './support/journeys.ts';
import { captureScreens } from './support/screenshots.ts';

/** People who never clicked the verification link (docs/product.md#sign-up). */

test('a quiz member who never verified logs in again, is reminded, and gets a new link that works', async ({
  page,
}) => {
  const { account } = await becomeMember(page, 'never-verified');
  // The session ends (another day, another browser): they log in again with their password.
  await forgetSession(page);
  await page.goto('/login');
  await submitLogin(page, account);
  await expect(page).toHaveURL(/\/membership$/);

  const notice = page.getByRole('region', { name: 'Please verify your email address' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(account.email);
  await captureScreens(page, 'membership-verify-notice');
  await notice.getByRole('button', { name: 'Send the link again' }).click();
  await expect(notice.getByRole('status')).toContainText('a new link is on its way');

  await openMail(page, account.email);
  await page
    .getByRole('link', { name: /\/verification\// })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.goto('/membership');
  await expect(page.getByRole('heading', { name: 'Membership', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Please verify your email address' })).toHaveCount(0);
});

test('a /register account refused at login can send the link again from beside the message', async ({
  page,
}) => {
  const account = newAccount('refused');
  await signUp(page, account);
  await page.goto('/login');
  await submitLogin(page, account);
  const alert = page.locator('.form-alert');
  await expect(alert).toContainText('Please verify your email address before logging in.');
  // The message stays beside the form (no toast that disappears after a few seconds).
  await page.waitForTimeout(4_500);
  await expect(alert).toBeVisible();
  await captureScreens(page, 'login-unverified');
  await alert.getByRole('button', { name: 'Send the link again' }).click();
  await expect(alert.getByRole('status')).toContainText('a new link is on its way');

  await openMail(page, account.email);
  await page
    .getByRole('link', { name: /\/verification\// })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.goto('/login');
  await submitLogin(page, account);
  await expect(page).toHaveURL(/\/membership$/);
});
