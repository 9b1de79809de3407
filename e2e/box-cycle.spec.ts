import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible, fillCard, fillShipping, finishQuizToCheckout } from './support/journeys.ts';
import { captureScreens } from './support/screenshots.ts';

/*
 * After paying, a new member sees that it worked (order number, the box named with flavors, the
 * build deadline), chooses 2 samples from products they have not had (never a prime pick again),
 * confirms, and follows the box through every stage with its dates, moved by the dev clock
 * (POST /api/dev/sweep?at=, docs/decisions/011-dev-clock.md) up to Pick Tub 7 days after delivery.
 */

const DAY = 24 * 60 * 60 * 1000;

async function capture(page: Page, name: string) {
  await expectAccessible(page, name);
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, name);
}

/** "March 4, 2027", as the store writes dates (UTC). */
function longDate(ms: number): string {
  return new Date(ms).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** The same day counted from either end of the payment (the payment may cross midnight). */
function dayAfter(from: number, to: number, days: number): RegExp {
  const a = longDate(from + days * DAY);
  const b = longDate(to + days * DAY);
  return new RegExp(`^(${a}|${b})$`);
}

async function sweepAt(request: APIRequestContext, at: number) {
  const answer = await request.post(`/api/dev/sweep?at=${encodeURIComponent(new Date(at).toISOString())}`);
  expect(answer.status()).toBe(200);
}

/** A product named with its flavor: "Organic Plant Protein, Chocolate". */
const WITH_FLAVOR = /^[^,]+, .+$/;

test('after paying, a member sees the order and the dates, chooses 2 new samples, confirms, and follows the box to Pick Tub', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { orderId } = await finishQuizToCheckout(page, 'boxcycle');
  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');
  const before = Date.now();
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(/\/membership$/, { timeout: 30_000 });
  const after = Date.now();

  // The landing page says the payment went through, with the order number and the dates ahead.
  const paid = page.getByRole('status').filter({ hasText: 'Your payment went through' });
  await expect(paid).toBeVisible();
  await expect(paid).toContainText(/Order #[0-9A-Z]{5} is paid: \$\d+\.\d\d/);
  const dates = page.getByRole('definition');
  const dateOf = (label: string) => page.locator(`dt:text-is("${label}") + dd`);
  await expect(dateOf('Choose your samples by')).toHaveText(dayAfter(before, after, 3));
  await expect(dateOf('Expected to ship')).toHaveText(dayAfter(before, after, 8));
  await expect(dateOf('Box assembly')).toContainText(' - ');
  expect(await dates.count()).toBeGreaterThanOrEqual(3);
  // The box's 2 prime picks are named with their flavors.
  const tiles = page.locator('.membership__sample-title');
  await expect(tiles).toHaveCount(2);
  for (const name of await tiles.allTextContents()) expect(name).toMatch(WITH_FLAVOR);
  await expect(page.getByText('2 prime picks are in. Choose 2 more samples.')).toBeVisible();
  await capture(page, 'boxcycle-01-paid-membership');

  // The order page behind "View your order" names the samples with their flavors too.
  await paid.getByRole('link', { name: 'View your order' }).click();
  await expect(page).toHaveURL(`/thank-you/${orderId}`);
  const items = page.locator('.thank-you__item-title');
  await expect(items).toHaveCount(2);
  for (const name of await items.allTextContents()) expect(name).toMatch(WITH_FLAVOR);
  const primePicks = await items.allTextContents();

  // Build the box: the deadline is shown; the choices never include a prime pick.
  await page.goto(`/build-your-box/${orderId}`);
  await expect(page.getByText(/^Choose your 2 samples by \w+ \d+, \d{4}; after that/)).toBeVisible();
  await page.getByRole('link', { name: 'NEXT: CHOOSE 2 SAMPLES' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your first sample', level: 1 })).toBeVisible();
  const see = page.getByRole('button', { name: /^See / });
  await expect(see.first()).toBeVisible();
  const offered = (
    await see.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''))
  ).map((label) => label.replace(/^See details of /, ''));
  expect(offered.length).toBeGreaterThanOrEqual(2);
  for (const name of offered) expect(name).toMatch(WITH_FLAVOR);
  for (const pick of primePicks) expect(offered).not.toContain(pick);
  // Every card is told apart by its name: no two offered products read the same.
  expect(new Set(offered).size).toBe(offered.length);
  await capture(page, 'boxcycle-02-choose-first');

  // A prime pick's own sample page (typed or bookmarked) does not offer it again.
  const primePickId = await page.evaluate(async (id) => {
    const res = await fetch(`/api/order/GetItem?id=${id}`, {
      headers: { authorization: `Bearer ${localStorage.getItem('auth')}` },
    });
    const order = (await res.json()) as { items: { productId: number; isPrimePick: boolean }[] };
    return order.items.find((i) => i.isPrimePick)!.productId;
  }, orderId);
  await page.goto(`/sample-detail/${orderId}/${primePickId}`);
  await expect(
    page.getByRole('heading', { name: 'This sample is not available for this box', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Choose / })).toHaveCount(0);
  await capture(page, 'boxcycle-02b-not-available');
  await page.getByRole('button', { name: 'See the samples you can choose' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your first sample', level: 1 })).toBeVisible();

  await see.first().click();
  await expect(page).toHaveURL(new RegExp(`/sample-detail/${orderId}/\\d+$`));
  await expect(page.getByRole('heading', { name: offered[0], level: 1 })).toBeVisible();
  await capture(page, 'boxcycle-03-sample-detail');
  await page.getByRole('button', { name: `Choose ${offered[0]}` }).click();
  await expect(page.getByRole('heading', { name: 'Choose your second sample', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: `See details of ${offered[1]}` }).click();
  await page.getByRole('button', { name: `Choose ${offered[1]}` }).click();

  // Picked but not saved: the page says so and never calls the box ready.
  await expect(page.getByRole('heading', { name: 'Confirm your box', level: 1 })).toBeVisible();
  await expect(page.getByText('Your box is ready')).toHaveCount(0);
  await expect(page.getByText('Your 4 samples are picked but not saved yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove ${offered[0]}` })).toBeVisible();
  await capture(page, 'boxcycle-04-confirm');
  await page.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(page.getByText('Order updated!')).toBeVisible();
  await expect(page).toHaveURL(/\/membership$/);

  // After CONFIRM the box reads as set, with all 4 samples named with flavors.
  await expect(page.getByText('Your box is set: all 4 samples are in.')).toBeVisible();
  await expect(
    page.getByText(/^Your box is set: your 2 prime picks and the 2 samples you chose\./),
  ).toBeVisible();
  await expect(tiles).toHaveCount(4);
  for (const name of await tiles.allTextContents()) expect(name).toMatch(WITH_FLAVOR);
  await expect(page.getByRole('link', { name: 'Choose a sample' })).toHaveCount(0);
  await capture(page, 'boxcycle-05-box-set');
  // Going back to choose samples shows the saved box as set, not as ready to confirm.
  await page.goto(`/choose-samples/${orderId}`);
  await expect(page.getByRole('heading', { name: 'Your box is set', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'CONFIRM' })).toHaveCount(0);

  // Stage 3: Box Assembly, from the deadline to the expected ship date.
  await sweepAt(request, after + 4 * DAY);
  await page.goto('/membership');
  await expect(page.locator('[aria-current="step"]')).toContainText('Box Assembly');
  await expect(
    page.getByText(/^Your box is being assembled: \w+ \d+, \d{4} - \w+ \d+, \d{4}$/),
  ).toBeVisible();
  await expect(dateOf('Expected to ship')).toHaveText(dayAfter(before, after, 8));
  await capture(page, 'boxcycle-06-assembly');

  // Stage 4: shipped on day 8.
  await sweepAt(request, after + 9 * DAY);
  await page.goto('/membership');
  await expect(page.locator('[aria-current="step"]')).toContainText('Box Shipping');
  await expect(dateOf('Shipped')).toHaveText(dayAfter(before, after, 8));
  await expect(dateOf('Tracking number')).toBeVisible();
  await capture(page, 'boxcycle-07-shipping');

  // Stage 5: delivered on day 11; the review button and dialog name the product with its flavor.
  await sweepAt(request, after + 12 * DAY);
  await page.goto('/membership');
  await expect(page.locator('[aria-current="step"]')).toContainText('Taste & Review');
  await expect(dateOf('Delivered')).toHaveText(dayAfter(before, after, 11));
  await capture(page, 'boxcycle-08-taste-review');
  await page.goto('/review-box');
  const review = page.getByRole('button', { name: /^Review / });
  await expect(review).toHaveCount(4);
  const reviewNames = await review.evaluateAll((buttons) =>
    buttons.map((b) => b.getAttribute('aria-label') ?? ''),
  );
  for (const label of reviewNames) expect(label.replace(/^Review /, '')).toMatch(WITH_FLAVOR);
  await review.first().click();
  await expect(page.getByRole('dialog')).toContainText(reviewNames[0]!);
  await capture(page, 'boxcycle-09-review-dialog');
  await page.keyboard.press('Escape');

  // Still Taste & Review 6 days after delivery; Pick Tub once 7 days have passed.
  await sweepAt(request, after + 17 * DAY);
  await page.goto('/membership');
  await expect(page.locator('[aria-current="step"]')).toContainText('Taste & Review');
  await sweepAt(request, after + 18 * DAY + 60_000);
  await page.goto('/membership');
  await expect(page.locator('[aria-current="step"]')).toContainText('Pick Tub');
  await expect(page.getByRole('heading', { name: 'Select Your Perfect Tub' })).toBeVisible();
  await capture(page, 'boxcycle-10-pick-tub');
});
