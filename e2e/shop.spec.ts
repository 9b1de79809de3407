import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, fillCard, fillShipping, finishQuizToCheckout } from './support/journeys.ts';
import { captureScreens } from './support/screenshots.ts';

/**
 * The members' shop (docs/product.md#shop-and-cart): a member who paid the first box searches the shop,
 * sees the referral popup once 5 s after the shop loads, copies the link, and finds the same
 * link (PUBLIC_URL from the server) in the order page's referral box.
 */

async function capture(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, name);
}

/** Swaps the case of every letter: "Ghost Whey" -> "gHOST wHEY". */
const swapCase = (text: string) =>
  [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');

test('a member searches the shop, gets the referral popup once, copies the link; the order page shows it too', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { orderId } = await finishQuizToCheckout(page, 'shopper');
  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(/\/membership$/);

  // The popup is kept away while the page is checked (the flag it sets when closed); its own
  // part below starts from a fresh flag and a fake clock.
  await page.evaluate(() => localStorage.setItem('referralPopupShown', 'true'));
  await page.goto('/shop');
  await expect(page.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible();
  const unlocked = page.getByRole('region', { name: 'Your unlocked tubs' }).getByRole('listitem');
  const locked = page.getByRole('region', { name: 'Unlock with your next box' }).getByRole('listitem');
  // The first box's 2 prime picks are unlocked; the rest wait for the next box's month.
  await expect(unlocked).toHaveCount(2);
  expect(await locked.count()).toBeGreaterThan(2);
  await expect(locked.first()).toContainText(/GET [A-Z]+'S BOX TO UNLOCK/);
  await expect(unlocked.first().getByRole('link')).toHaveAttribute('href', /\/product-detail\/\d+$/);
  await expect(unlocked.first()).toContainText('% OFF');
  await expect(page.getByRole('heading', { name: 'TUBS', exact: true })).toBeVisible();
  await expect(page.getByText('READY TO BUY?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your Preferences' })).toHaveAttribute(
    'href',
    /\/take-quiz\/1\/[0-9a-f-]{36}$/,
  );
  await expectAccessible(page, 'shop');
  await capture(page, 'shop-01-member');

  // Search: a brand in mixed case, then a title; every card shown matches it.
  const search = page.getByRole('searchbox', { name: 'Search by brand, product or flavor' });
  const brand = (await locked.first().locator('.shop-card__brand').textContent())!.trim();
  const title = (await locked.last().locator('.shop-card__title').textContent())!.trim();
  await search.fill(swapCase(brand));
  const cards = page.locator('.shop-card');
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Instant: every card left names the brand (in brand or title), and there is at least one.
  await expect(cards.filter({ hasNotText: new RegExp(literal(brand), 'i') })).toHaveCount(0);
  await expect(cards.first()).toBeVisible();
  await search.fill(title.toUpperCase());
  await expect(cards.filter({ hasNotText: new RegExp(literal(title), 'i') })).toHaveCount(0);
  await expect(page.locator('.shop-card__title', { hasText: title }).first()).toBeVisible();

  // A flavor finds its tubs: every card left is that flavor.
  await search.fill('vanilla');
  await expect(cards.first()).toBeVisible();
  await expect(cards.locator('.shop-card__flavor').filter({ hasNotText: /vanilla/i })).toHaveCount(0);

  // No match: the empty state, and a control that clears the search.
  await search.fill('No Such Tub 123');
  await expect(page.getByText('No products match "No Such Tub 123".')).toBeVisible();
  await expect(page.locator('.shop-card')).toHaveCount(0);
  await capture(page, 'shop-02-no-match');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(search).toBeFocused();
  await expect(unlocked).toHaveCount(2);

  // An unlocked card adds its tub to the cart itself, by keyboard too, and the MY CART panel opens.
  const add = unlocked.first().getByRole('button', { name: /^Add to cart: .+, .+$/ });
  await add.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'MY CART' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await capture(page, 'shop-03-added-from-card');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(locked.first().getByRole('button', { name: /to cart/ })).toHaveCount(0);

  // The popup: not before 5 s after the shop loaded, then once. A fake clock counts the 5 s.
  await page.evaluate(() => localStorage.removeItem('referralPopupShown'));
  await page.clock.install();
  await page.reload();
  await expect(unlocked).toHaveCount(2);
  await page.clock.pauseAt(Date.now() + 500);
  const popup = page.getByRole('dialog', { name: 'Refer 2 friends, get a FREE TUB' });
  await page.clock.runFor(3_500);
  await expect(popup).toBeHidden();
  await page.clock.runFor(1_500);
  await expect(popup).toBeVisible();
  const linkField = popup.getByLabel('Your referral link');
  await expect(linkField).toHaveValue(/\/take-quiz\/1\?referralCode=[A-Z2-9]+$/);
  const link = await linkField.inputValue();
  const me = await page.evaluate(async () => {
    const token = localStorage.getItem('auth');
    const res = await fetch('/api/referrals/Mine', { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()) as { referralCode: string; referralLink: string };
  });
  // PUBLIC_URL of the server (the test server's own address), not a value the browser made up.
  expect(link).toBe(`${baseURL}/take-quiz/1?referralCode=${me.referralCode}`);
  expect(link).toBe(me.referralLink);
  await expect(popup.getByText('0 of 2 friends have received their first box.')).toBeVisible();
  await popup.getByRole('button', { name: 'Copy' }).click();
  await expect(popup.getByText('Link copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await page.clock.resume();
  await expectAccessible(page, 'referral popup');
  await captureScreens(page, 'shop-03-referral-popup');

  // Focus stays in the dialog; Escape closes it and it is remembered.
  await expect(page.locator('dialog[open] :focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('referralPopupShown'))).toBe('true');

  // Reloading does not show it again, however long the member stays.
  await page.reload();
  await expect(unlocked).toHaveCount(2);
  await page.clock.runFor(10_000);
  await expect(popup).toBeHidden();

  // Another device (no browser flag) skips it too: the account remembers the closed popup.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const token = localStorage.getItem('auth');
        const res = await fetch('/api/referrals/Mine', { headers: { authorization: `Bearer ${token}` } });
        return ((await res.json()) as { popupShownAt: string | null }).popupShownAt;
      }),
    )
    .not.toBeNull();
  await page.evaluate(() => localStorage.removeItem('referralPopupShown'));
  await page.reload();
  await expect(unlocked).toHaveCount(2);
  await page.clock.runFor(10_000);
  await expect(popup).toBeHidden();

  // The order page's referral box shows the same server-made link.
  await page.goto(`/order-detail/${orderId}`);
  const box = page.getByRole('region', { name: 'Refer 2 friends, get a FREE TUB' });
  await expect(box.getByLabel('Your referral link')).toHaveValue(link);
  await box.getByRole('button', { name: 'Copy' }).click();
  await expect(box.getByText('Link copied!')).toBeVisible();
  await box.scrollIntoViewIfNeeded();
  await captureScreens(page, 'shop-05-order-referral-box');
});

test('a signed-in user without a paid box sees that tubs unlock with the first box', async ({ page }) => {
  test.setTimeout(90_000);
  await finishQuizToCheckout(page, 'window-shopper');

  // Loading shows placeholder cards; a failed read offers a retry that works.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/product/GetShopProducts', async (route) => {
    await held;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"error_description":"down"}',
    });
  });
  await page.goto('/shop');
  await expect(page.getByRole('status', { name: 'Loading the shop' })).toBeVisible();
  await capture(page, 'shop-00-loading');
  release();
  await expect(page.getByText('We could not load the shop.')).toBeVisible();
  await capture(page, 'shop-00-error');
  await page.unroute('**/api/product/GetShopProducts');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(
    page.getByText('No unlocked tubs yet. Every product in a paid box unlocks here at member prices'),
  ).toBeVisible();
  const locked = page.getByRole('region', { name: 'Unlock with your next box' }).getByRole('listitem');
  await expect(locked.first()).toContainText('GET YOUR NEXT BOX TO UNLOCK');
  await capture(page, 'shop-04-no-unlocked');
});
