import { expect, test } from '@playwright/test';
import { forgetSession, openMail, registerAndVerify } from './support/accounts.ts';
import { captureScreens, SCREEN_WIDTHS } from './support/screenshots.ts';

/* docs/product.md#log-in-with-a-link, docs/reliability.md#a12 */

for (const width of SCREEN_WIDTHS) {
  test(`A12: at ${width} px a member asks for a login link on /login, follows it once, and a used link says what to do next`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    const account = await registerAndVerify(page);
    await forgetSession(page);

    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Email me a login link' }).click();
    await expect(page.getByRole('heading', { name: 'Log in with a link' })).toBeVisible();
    // The address typed for the password login is carried over.
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
    if (width === 1366) await captureScreens(page, 'login-link-request');
    await page.getByRole('button', { name: 'Email me the link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('works once, for 15 minutes');

    await openMail(page, account.email);
    const link = await page
      .getByRole('link', { name: /\/login-link\?token=/ })
      .first()
      .getAttribute('href');
    expect(link).toBeTruthy();
    await page.goto(link!);
    await expect(page).toHaveURL(/\/membership$/);
    expect(await page.evaluate(() => Boolean(localStorage.getItem('auth')))).toBe(true);

    // A link works once: opened again (signed out), the page explains and leads back to log in.
    await forgetSession(page);
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: "This link didn't work" })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Ask for a new one on the login page.');
    if (width === 1366) await captureScreens(page, 'login-link-used');
    await page.getByRole('link', { name: 'Back to log in' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });
}

test('A12: a made-up login link token is refused with the next step shown', async ({ page }) => {
  await page.goto('/login-link?token=made-up-token');
  await expect(page.getByRole('heading', { name: "This link didn't work" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
});
