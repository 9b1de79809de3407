import { expect, test } from '@playwright/test';
import {
  followMailLink,
  newAccount,
  openMail,
  registerAndVerify,
  signUp,
  submitLogin,
} from './support/accounts.ts';
import { captureScreens } from './support/screenshots.ts';

/**
 * Screenshots of the account screens and the top bar at phone and laptop widths, for people to
 * review (test-results/screenshots). Each step also checks the screen is the one it claims.
 */
test.describe('account screens', () => {
  test('sign-up, verification, login and password reset screens', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await captureScreens(page, 'login');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await captureScreens(page, 'login-errors');

    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await captureScreens(page, 'register');

    const account = newAccount('screens');
    await signUp(page, account);
    await captureScreens(page, 'register-thank-you');

    await followMailLink(page, account.email, '/verification/');
    await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
    await captureScreens(page, 'verification-success');

    await page.goto('/verification/used-code/someone');
    await expect(page.getByText('Verification failed, please contact support!')).toBeVisible();
    await captureScreens(page, 'verification-failed');

    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await captureScreens(page, 'forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await captureScreens(page, 'forgot-password-sent');

    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { name: 'Dev mailbox' })).toBeVisible();
    await captureScreens(page, 'dev-mailbox');

    // The HTML version's own button works too (the frame lets a click open the link in the tab).
    await openMail(page, account.email);
    await page
      .frameLocator('iframe[title^="Email:"]')
      .getByRole('link', { name: 'Choose a new password' })
      .click();
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await captureScreens(page, 'reset-password');
    const newPassword = `${account.password}-new`;
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
    await captureScreens(page, 'reset-password-done');

    await page.getByRole('link', { name: 'Log in' }).last().click();
    await submitLogin(page, { ...account, password: newPassword });
    await expect(page).toHaveURL(/\/membership$/);

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: "We can't find that page" })).toBeVisible();
    await captureScreens(page, 'not-found');
  });

  test('the top bar for visitors and for members', async ({ page }) => {
    await page.goto('/privacy-policy');
    await captureScreens(page, 'nav-visitor');

    await page.setViewportSize({ width: 390, height: 844 });
    const burger = page.getByRole('button', { name: 'Menu' });
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/nav-visitor-burger-390.png' });
    await page.keyboard.press('Escape');
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(burger).toBeFocused();
    await page.setViewportSize({ width: 1366, height: 900 });

    const account = await registerAndVerify(page);
    await page.goto('/login');
    await submitLogin(page, account);
    await expect(page).toHaveURL(/\/membership$/);
    await captureScreens(page, 'nav-member');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/nav-member-menu-1366.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/screenshots/nav-member-menu-390.png' });
  });
});
