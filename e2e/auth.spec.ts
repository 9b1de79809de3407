import { expect, type Page, test } from '@playwright/test';
import {
  forgetSession,
  newAccount,
  registerAndVerify,
  signUp,
  submitLogin,
  verifyFromMail,
} from './support/accounts.ts';
import { holdChunk } from './support/chunks.ts';

/** The sign-in forms' schemas, fetched once their page has hydrated (apps/web/src/lib/use-zod-form.ts). */
const FORM_SCHEMAS = '**/assets/form-schemas-*.js';

test.describe('accounts', () => {
  test('a visitor signs up, verifies, logs in and logs out; logout clears the tokens and revokes them on the server (A10)', async ({
    page,
    request,
  }) => {
    const account = newAccount();
    await signUp(page, account);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Thank you, keep an eye on your inbox for a verification link!' }),
    ).toBeVisible();

    // Before verifying, the server's own reason shows.
    await page.goto('/login');
    await submitLogin(page, account);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please verify your email address before logging in.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await verifyFromMail(page, account.email);

    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await submitLogin(page, account);
    await expect(page).toHaveURL(/\/membership$/);
    expect(
      await page.evaluate(() =>
        Boolean(localStorage.getItem('auth') && localStorage.getItem('authRefreshToken')),
      ),
    ).toBe(true);

    // A10 (decision 003: tokens stay in local storage, docs/api-conventions.md#tokens): none of them is in a cookie.
    const refreshToken = (await page.evaluate(() => localStorage.getItem('authRefreshToken')))!;
    expect(await page.evaluate(() => document.cookie)).not.toContain(refreshToken);

    const menu = page.getByRole('button', { name: 'Account menu' });
    await menu.click();
    await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Log In', exact: true })).toBeVisible();
    expect(
      await page.evaluate(() => [localStorage.getItem('auth'), localStorage.getItem('authRefreshToken')]),
    ).toEqual([null, null]);
    // Logout revoked the family on the server: the old refresh token no longer works (a bearer-only
    // client without the browser's cookies, as a thief holding the token would be).
    const refreshed = await request.post('/api/Account/RefreshToken', {
      data: { refresh_token: refreshToken },
    });
    expect(refreshed.status()).toBe(401);
  });

  test('a wrong password shows the server message and keeps the visitor on the form', async ({ page }) => {
    const account = await registerAndVerify(page);
    await page.goto('/login');
    await submitLogin(page, { ...account, password: 'not-the-password' });
    await expect(
      page.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the guard sends a signed-out visitor to log in, then back to the page they wanted', async ({
    page,
  }) => {
    const account = await registerAndVerify(page);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fprofile$/);
    await submitLogin(page, account);
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('a returnUrl to another site is refused and login lands on /membership', async ({ page }) => {
    const account = await registerAndVerify(page);
    for (const returnUrl of ['//evil.example', 'https://evil.example/profile', 'javascript:alert(1)']) {
      await page.goto('/');
      await forgetSession(page);
      await page.goto(`/login?returnUrl=${encodeURIComponent(returnUrl)}`);
      await submitLogin(page, account);
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/membership$/);
    }
  });

  test('the login form shows its messages once touched and sends nothing while invalid', async ({ page }) => {
    const loginCalls = loginCallsOf(page);
    await page.goto('/login');
    await expect(page.getByText('Email is required.')).toHaveCount(0);

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await expect(page.getByText('Password is required.')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();

    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await expect(page.getByText('Please enter a valid email.')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(loginCalls).toEqual([]);
  });

  test('the login form loads its checks after the page: a submit made before they arrive is checked when they do', async ({
    page,
  }) => {
    const loginCalls = loginCallsOf(page);
    const release = await holdChunk(page, FORM_SCHEMAS);
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('whatever-it-is');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please enter a valid email.')).toHaveCount(0);

    release();
    await expect(page.getByText('Please enter a valid email.')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    expect(loginCalls).toEqual([]);
  });

  test('two clicks while the checks are on their way send one login', async ({ page }) => {
    const loginCalls = loginCallsOf(page);
    const release = await holdChunk(page, FORM_SCHEMAS);
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill('nobody-here@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
    const answer = page.waitForResponse(/\/api\/user\/login/i);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    release();
    expect((await answer).status()).toBe(400);
    await expect(page.getByRole('alert')).toBeVisible();
    expect(loginCalls).toHaveLength(1);
  });

  test("the login form's checks cannot load: the server's own check answers under the field", async ({
    page,
  }) => {
    await page.route(FORM_SCHEMAS, (route) => route.abort());
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('whatever-it-is');
    const answer = page.waitForResponse(/\/api\/user\/login/i);
    await page.getByRole('button', { name: 'Continue' }).click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
      /Please enter a valid email\./,
    );
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the sign-up form checks the password, the username and the age', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Email', { exact: true }).fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByLabel('Username').fill('two words');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Password must be more than 6 characters!')).toBeVisible();
    await expect(page.getByText('Username should contain no spacing!')).toBeVisible();
    await expect(page.getByText('Please confirm you are 13 or older.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  });

  test('a used or wrong verification link says so', async ({ page }) => {
    await page.goto('/verification/not-a-code/not-a-user');
    await expect(page.getByText('Verification failed, please contact support!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });
});

/** The URLs of the login calls the page makes from now on. */
function loginCallsOf(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/user\/login/i.test(request.url())) calls.push(request.url());
  });
  return calls;
}
