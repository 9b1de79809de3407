import { type Browser, expect, type Page, test } from '@playwright/test';
import { submitLogin } from './support/accounts.ts';
import {
  becomeMember,
  expectAccessible,
  fillCard,
  fillShipping,
  quizShortWayToStep12,
} from './support/journeys.ts';
import { captureScreens, SCREEN_WIDTHS } from './support/screenshots.ts';
import { findTextOverlaps } from './support/text-overlap.ts';

/*
 * Every route of the store, as a visitor, a member and the operator, at 390 and 1366 px: each
 * shows its page heading, no two pieces of its text are drawn over each other, and axe-core finds
 * nothing serious or critical (docs/look-and-trust.md).
 * Three members review the samples of their first box, so the cards, the product page and the
 * shop show ratings made of real reviews; the pages of docs/look-and-trust.md are captured then.
 */

test.describe.configure({ mode: 'serial' });

const OPERATOR = { email: 'admin@example.com', password: 'sample-first-operator' };

/** Opens `path` at both widths: its first heading is visible and axe finds nothing serious. */
async function checkPage(page: Page, path: string) {
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // The home page has a heading per width; CSS hides the other one.
    await expect(
      page.locator('h1').filter({ visible: true }).first(),
      `${path} at ${width} px`,
    ).toBeVisible();
    // Nothing widens the page past the screen: wide tables and menus scroll inside their frames.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: document.documentElement.clientWidth,
    }));
    expect(widths.page, `${path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(widths.screen);
    // No text over text (docs/look-and-trust.md#no-text-over-text): a no-wrap figure pushed into a
    // narrow grid column once printed "25-50%" over the words after it on the home page.
    expect(await findTextOverlaps(page), `${path} at ${width} px draws text over text`).toEqual([]);
    // The dev mailbox shows a mail in a sandboxed frame that runs no scripts: axe cannot be
    // injected into it (the run then hangs). The mails are what the store sends, not its pages.
    await expectAccessible(page, `${path} at ${width} px`, {
      exclude: path === '/dev/mailbox' ? 'iframe' : undefined,
    });
  }
}

/** The API as the signed-in page calls it (bearer token and the XSRF echo from its cookie). */
async function api(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('auth');
      const xsrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const res = await fetch(`/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path, body },
  );
}

/** The products of an order, prime picks first. */
async function itemsOf(page: Page, orderId: string): Promise<number[]> {
  const order = await api(page, 'GET', `/order/GetItem?id=${orderId}`);
  expect(order.status).toBe(200);
  return (order.body.items as { productId: number }[]).map((i) => i.productId);
}

/**
 * Rates the box's first products in turn, or, given `order`, those products in that order (two
 * boxes list the same prime picks in their own order: items added together sort by their ids).
 */
async function reviewBox(page: Page, orderId: string, ratings: number[], order?: number[]) {
  const listed = await itemsOf(page, orderId);
  if (order) expect(listed).toEqual(expect.arrayContaining(order.slice(0, ratings.length)));
  const items = order ?? listed;
  expect(items.length).toBeGreaterThanOrEqual(ratings.length);
  for (const [i, rating] of ratings.entries()) {
    const saved = await api(page, 'POST', '/productReview/Save', {
      productId: items[i],
      rating,
      description: `Rated ${rating}: mixed smooth in a shaker, and the flavor tasted like its name.`,
      agreementConfirmation: true,
    });
    expect(saved.status).toBe(200);
  }
  return items;
}

async function newMemberPage(browser: Browser, prefix: string) {
  const page = await (await browser.newContext()).newPage();
  const { orderId } = await becomeMember(page, prefix);
  return { page, orderId };
}

test('a visitor: every public page at both widths', async ({ page }) => {
  test.setTimeout(240_000);
  for (const path of [
    '/',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password?token=t&email=someone%40example.com',
    '/verification/unknown-code/unknown-user',
    '/login-link?token=not-a-real-token',
    '/take-quiz/1',
    '/subscriptions-learn-more',
    '/privacy-policy',
    '/influencer',
    '/unsubscribe',
    '/unsubscribe/not-a-real-token',
    '/dev/mailbox',
    '/no-such-page',
  ]) {
    await checkPage(page, path);
  }
  // The quiz's later steps, as a visitor walks them.
  await quizShortWayToStep12(page);
  await expectAccessible(page, 'quiz step 12');
});

test('a member: every member page at both widths, with ratings from three members’ reviews', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  // Two members before: the same quiz answers give the same prime picks, which they review.
  const first = await newMemberPage(browser, 'look-a');
  const second = await newMemberPage(browser, 'look-b');

  // The third member: the quiz, the results and the checkout are captured on the way.
  const next = await quizShortWayToStep12(page);
  const email = `look-c-${Date.now()}@example.com`;
  await page.getByLabel('Email Address*').fill(email);
  await page.getByLabel('Password*', { exact: true }).fill('look-password-1');
  await page.getByLabel('Confirm Password*').fill('look-password-1');
  await page.getByLabel('Age*').selectOption('31');
  await next.click();
  await expect(page).toHaveURL(/\/result\/[^/]+$/);
  const quizId = page.url().split('/result/')[1]!;
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/checkout/')[1]!;
  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');
  await expectAccessible(page, 'checkout filled in');
  await captureScreens(page, 'look-checkout');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(/\/membership$/, { timeout: 30_000 });

  // Each reviews the 2 prime picks of their box: 5, 4, 5 and 4, 4, 3.
  const picks = await reviewBox(first.page, first.orderId, [5, 4]);
  await reviewBox(second.page, second.orderId, [4, 4], picks);
  await reviewBox(page, orderId, [5, 3], picks);
  await first.page.context().close();
  await second.page.context().close();

  // The product page shows the members' average and lists the reviews.
  await page.goto(`/product-detail/${picks[0]}`);
  await expect(page.getByRole('img', { name: 'Rated 4.7 out of 5 by members' })).toBeVisible();
  const reviews = page.getByRole('region', { name: 'Member reviews' }).getByRole('listitem');
  await expect(reviews).toHaveCount(3);
  // Nobody voted yet: most helpful first falls back to newest, so this member's own review leads,
  // with its count and no button; the two others each have a Helpful toggle.
  await expect(reviews.first()).toContainText('Your review. No member has marked it helpful yet.');
  const toggles = page.getByRole('button', { name: /^Helpful \(\d+\)$/ });
  await expect(toggles).toHaveCount(2);
  // The oldest review (the first member's) is marked helpful from the keyboard.
  const oldest = reviews.last().getByRole('button', { name: 'Helpful (0)' });
  await oldest.focus();
  await page.keyboard.press('Enter');
  await expect(reviews.last().getByRole('button', { name: 'Helpful (1)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Read again, it comes first; "Newest" puts it back last.
  await page.reload();
  await expect(reviews.first().getByRole('button', { name: 'Helpful (1)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByLabel('Sort by').selectOption('Newest');
  await expect(reviews.first()).toContainText('Your review.');
  await expect(reviews.last().getByRole('button', { name: 'Helpful (1)' })).toBeVisible();
  await page.getByLabel('Sort by').selectOption('Most helpful');
  // Pressed again, the vote is taken back.
  await reviews.first().getByRole('button', { name: 'Helpful (1)' }).click();
  await expect(reviews.first().getByRole('button', { name: 'Helpful (0)' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await reviews.first().getByRole('button', { name: 'Helpful (0)' }).click();
  await expect(reviews.first().getByRole('button', { name: 'Helpful (1)' })).toBeVisible();
  await expectAccessible(page, 'product page with helpful votes');
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, 'look-product');

  // The results cards carry the same figures.
  await page.goto(`/result/${quizId}`);
  await expect(page.getByRole('img', { name: 'Rated 4.7 out of 5 from 3 reviews' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Rated 3.7 out of 5 from 3 reviews' })).toBeVisible();
  await captureScreens(page, 'look-results');

  // So does the shop.
  await page.goto('/shop');
  await expect(page.getByRole('img', { name: 'Rated 4.7 out of 5 from 3 reviews' })).toBeVisible();
  await captureScreens(page, 'look-shop');

  await page.goto('/membership');
  await expect(page.locator('h1').first()).toBeVisible();
  await captureScreens(page, 'look-membership');

  await page.goto(`/choose-samples/${orderId}`);
  const see = page.getByRole('button', { name: /^See / });
  await expect(see.first()).toBeVisible();
  await captureScreens(page, 'look-choose-samples');
  const choiceUrl = await (async () => {
    await see.first().click();
    await expect(page).toHaveURL(/\/sample-detail\//);
    return new URL(page.url()).pathname;
  })();

  // A tub in the cart, for the cart checkout.
  await page.goto(`/product-detail/${picks[0]}`);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();

  for (const path of [
    '/membership',
    '/profile',
    '/shop',
    '/billing',
    '/frequency',
    '/cancel',
    '/cancel-reason',
    '/review-box',
    `/result/${quizId}`,
    `/thank-you/${orderId}`,
    `/order-detail/${orderId}`,
    `/build-your-box/${orderId}`,
    `/choose-samples/${orderId}`,
    choiceUrl,
    `/product-detail/${picks[0]}`,
    `/product-detail/${picks[1]}`,
    '/cart-checkout',
    '/checkout-completed',
    '/membership/confirm-payment',
    '/subscriptions-learn-more',
    '/take-quiz/1',
  ]) {
    await checkPage(page, path);
  }
});

test('the operator: every back-office page at both widths', async ({ page }) => {
  test.setTimeout(420_000);
  await page.goto('/login?returnUrl=%2Fadmin');
  await submitLogin(page, OPERATOR);
  await expect(page).toHaveURL(/\/admin$/);
  for (const path of [
    '/admin',
    '/admin/catalog',
    '/admin/catalog/new',
    '/admin/catalog/1',
    '/admin/brands',
    '/admin/messages',
    '/admin/partners',
    '/admin/audit',
    '/admin/members',
    '/admin/coupons',
    '/admin/reviews',
    '/admin/issue-reports',
    '/admin/fulfilment',
    '/admin/fulfilment/cart-orders',
    '/admin/fulfilment/packing',
  ]) {
    await checkPage(page, path);
  }
  // One member's page, reached from the list.
  await page.goto('/admin/members');
  await page
    .getByRole('link', { name: /@example\.com/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/members\/[^/]+$/);
  await checkPage(page, new URL(page.url()).pathname);
});
