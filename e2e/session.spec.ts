import { expect, test } from '@playwright/test';
import { registerAndVerify, submitLogin } from './support/accounts.ts';

test.describe('session and top bar', () => {
  test('an expired access token is refreshed once and the request retried; a dead session goes to login', async ({
    page,
  }) => {
    const account = await registerAndVerify(page);
    await page.goto('/login');
    await submitLogin(page, account);
    await expect(page).toHaveURL(/\/membership$/);
    // Signed in and settled: spoiling the token while the page still loads would make the app
    // refresh, and the reload below would cut that refresh off after the server had rotated it.
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

    // A token the server refuses: the app refreshes with the stored refresh token and carries on.
    await page.evaluate(() => localStorage.setItem('auth', 'expired.token.value'));
    const refreshed = page.waitForResponse((r) => /\/api\/account\/refreshtoken/i.test(r.url()) && r.ok());
    await page.reload();
    await refreshed;
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth'))).not.toBe('expired.token.value');

    // Nothing left to refresh with: logged out and sent to login, with the way back.
    await page.evaluate(() => {
      localStorage.setItem('auth', 'expired.token.value');
      localStorage.setItem('authRefreshToken', 'revoked');
    });
    await page.reload();
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fmembership$/);
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
  });

  test('How It Works scrolls to its section on the home page from any page and becomes active', async ({
    page,
  }) => {
    await page.goto('/login');
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' });
    await link.click();
    await expect(page).toHaveURL(/\/#how-it-works$/);
    await expect(page.locator('#how-it-works')).toBeInViewport();
    await expect(link).toHaveAttribute('aria-current', 'location');
    await expect(link).toHaveClass(/is-active/);
  });

  test('a link straight to How It Works opens the home page there with How It Works active', async ({
    page,
  }) => {
    // The prerendered home page is built without the fragment; the link is marked once it hydrates.
    await page.goto('/#how-it-works');
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' });
    await expect(link).toHaveAttribute('aria-current', 'location');
    await expect(link).toHaveClass(/is-active/);
    await expect(page.locator('#how-it-works')).toBeInViewport();
  });

  test('every navigation starts at the top of the page', async ({ page }) => {
    await page.goto('/privacy-policy');
    // The page is a lazy chunk: scroll once its content is there, not the empty shell.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log In' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('on a phone the burger opens and closes the menu by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    const burger = page.getByRole('button', { name: 'Menu' });
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeHidden();

    await burger.focus();
    await page.keyboard.press('Enter');
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(burger).toBeFocused();

    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'How It Works' }).click();
    await expect(page).toHaveURL(/\/#how-it-works$/);
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#how-it-works')).toBeInViewport();
  });

  test('a snackbar stays while hovered, can be dismissed, and otherwise leaves after about 4 s', async ({
    page,
  }) => {
    // A wrong password is said beside the fields now (no snackbar); a 400 of another kind still
    // comes as a snackbar, so the login answers one here.
    await page.route('**/api/User/Login', (route) =>
      route.fulfill({
        status: 400,
        json: { error_description: 'Your request could not be read.', code: 'bad_request' },
      }),
    );
    await page.goto('/login');
    await submitLogin(page, { email: 'nobody@example.com', password: 'wrong-password' });
    const snackbar = page.getByRole('alert').filter({ hasText: 'Your request could not be read.' });
    await expect(snackbar).toBeVisible();
    await snackbar.hover();
    await page.waitForTimeout(4_500);
    await expect(snackbar).toBeVisible();
    await snackbar.getByRole('button', { name: 'Dismiss' }).click();
    await expect(snackbar).toHaveCount(0);

    await page.mouse.move(0, 0);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(snackbar).toBeVisible();
    await expect(snackbar).toHaveCount(0, { timeout: 6_000 });
  });

  test('a server failure shows the apology and an unreachable server says so; the form stays usable', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.route(/\/api\/user\/login/i, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error_description: 'stack trace here', code: 'internal_error' }),
      }),
    );
    await submitLogin(page, { email: 'someone@example.com', password: 'a-password' });
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: "It's not you, it's us. Something went wrong, please try again!" }),
    ).toBeVisible();
    await expect(page.getByText('stack trace here')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();

    await page.unroute(/\/api\/user\/login/i);
    await page.route(/\/api\/user\/login/i, (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert').filter({ hasText: "We couldn't reach the store." })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });
});
