import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { forgetSession, openMail, submitLogin } from './support/accounts.ts';
import { becomeMember, expectAccessible } from './support/journeys.ts';
import { captureScreens } from './support/screenshots.ts';

/*
 * Members steer their own subscription (docs/product.md#steering-your-membership): swap a prime
 * pick on the first box and on the third (the dev clock, POST /api/dev/sweep?at=, moves the
 * membership there), and before leaving, one offer that answers the reason, beside
 * "No thanks, cancel my membership"; the operator reads the counts on the dashboard.
 */

const DAY = 24 * 60 * 60 * 1000;
const OPERATOR = { email: 'admin@example.com', password: 'sample-first-operator' };

async function sweepAt(request: APIRequestContext, at: number) {
  const answer = await request.post(`/api/dev/sweep?at=${encodeURIComponent(new Date(at).toISOString())}`);
  expect(answer.status()).toBe(200);
}

/** Swaps the first prime pick from /membership: the Swap link opens Build Your Box with the choices. */
async function swapFirstPrimePick(page: Page, shots: string) {
  await page.goto('/membership');
  const swap = page.getByRole('link', { name: /^Swap / }).first();
  await expect(swap).toBeVisible();
  const before = ((await swap.getAttribute('aria-label')) ?? '').replace(/^Swap /, '');
  await swap.click();
  await expect(page).toHaveURL(/\/build-your-box\/[^?]+\?swap=/);
  await expect(page.getByRole('heading', { name: `Swap ${before} for` })).toBeVisible();
  const offered = page
    .getByRole('list', { name: 'Products to swap to' })
    .getByRole('button', { name: /^Swap in / });
  await expect(offered.first()).toBeVisible();
  await expectAccessible(page, `${shots} swap panel`);
  await captureScreens(page, `${shots}-choices`);
  const into = ((await offered.first().getAttribute('aria-label')) ?? '').replace(/^Swap in /, '');
  await offered.first().click();
  await expect(page.getByText(`Swapped: ${into} is now a prime pick.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Swap .* for$/ })).toHaveCount(0);
  // The new product is a prime pick of the box now; the old one is gone from it.
  const box = page.getByRole('list', { name: 'Your box' });
  await expect(box.getByText(into)).toBeVisible();
  await expect(box.getByText(before, { exact: true })).toHaveCount(0);
  await captureScreens(page, `${shots}-done`);
  return { before, into };
}

test('a member swaps a prime pick of the first box and of the third; after the deadline Swap is gone', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { account } = await becomeMember(page, 'swapper');
  const paidAt = Date.now();

  const first = await swapFirstPrimePick(page, 'steer-swap-first');
  await openMail(page, account.email);
  await expect(page.getByText(`Prime pick swapped: ${first.into}`).first()).toBeVisible();

  // The third box: two renewals later, still in its Build Your Box stage.
  await sweepAt(request, paidAt + 30 * DAY + 60_000);
  await sweepAt(request, paidAt + 60 * DAY + 120_000);
  await page.goto('/membership');
  await expect(page.locator('[aria-current="step"]')).toContainText('Build Your Box');
  await swapFirstPrimePick(page, 'steer-swap-third');

  // After the build deadline the store has chosen; no Swap is offered any more.
  await sweepAt(request, paidAt + 64 * DAY);
  await page.goto('/membership');
  await expect(page.getByRole('heading', { name: /^Your \w+ \d{4} box$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Swap / })).toHaveCount(0);
});

test('the cancel page offers one thing per reason: taking it keeps the membership, "No thanks" cancels in one click; the operator counts both', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { account } = await becomeMember(page, 'leaver');

  await page.goto('/cancel-reason');
  await page.getByRole('radio', { name: 'No Longer Needed' }).check();
  await expect(page.getByRole('heading', { name: 'A break of two boxes' })).toBeVisible();
  const take = page.getByRole('button', { name: 'Take this offer' });
  const leave = page.getByRole('button', { name: 'No thanks, cancel my membership' });
  await expect(take).toBeVisible();
  await expect(leave).toBeVisible();
  // "No thanks" is as large as the offer, at both widths.
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    const [a, b] = [await take.boundingBox(), await leave.boundingBox()];
    expect(Math.abs(a!.width - b!.width), `width at ${width}`).toBeLessThanOrEqual(1);
    expect(Math.abs(a!.height - b!.height), `height at ${width}`).toBeLessThanOrEqual(1);
  }
  await expectAccessible(page, 'cancel offer');
  await captureScreens(page, 'steer-cancel-offer');

  // Another reason shows its own offer.
  await page.getByRole('radio', { name: 'Found Cheaper Prices' }).check();
  await expect(page.getByRole('heading', { name: 'Your next box at half price' })).toBeVisible();
  await page.getByRole('radio', { name: 'No Longer Needed' }).check();
  await expect(page.getByRole('heading', { name: 'A break of two boxes' })).toBeVisible();

  await take.click();
  await expect(page.getByRole('heading', { name: 'Done: a break of two boxes' })).toBeVisible();
  await expect(page.getByText('Your membership stays active.')).toBeVisible();
  await captureScreens(page, 'steer-cancel-offer-taken');
  await page.getByRole('link', { name: 'Go to my membership' }).click();
  await expect(page.getByText('Paused', { exact: true }).first()).toBeVisible();
  await openMail(page, account.email);
  await expect(page.getByText('Applied: A break of two boxes').first()).toBeVisible();

  // The same reason again: its offer was given; leaving is one click.
  await page.goto('/cancel-reason');
  await page.getByRole('radio', { name: 'Found Cheaper Prices' }).check();
  await expect(page.getByRole('heading', { name: 'Your next box at half price' })).toBeVisible();
  await page.getByRole('button', { name: 'No thanks, cancel my membership' }).click();
  await expect(page.getByRole('heading', { name: 'Your membership is canceled' })).toBeVisible();
  await captureScreens(page, 'steer-cancel-no-thanks');

  // The operator: per reason, offers shown, taken and cancellations in the period.
  await forgetSession(page);
  await page.goto('/login?returnUrl=%2Fadmin');
  await submitLogin(page, OPERATOR);
  await expect(page).toHaveURL(/\/admin$/);
  const table = page.getByRole('region', { name: 'Cancel offers' });
  await expect(table.getByRole('row', { name: /No Longer Needed/ })).toBeVisible();
  const cells = async (reason: string) =>
    (
      await table
        .getByRole('row', { name: new RegExp(reason) })
        .getByRole('cell')
        .allTextContents()
    ).slice(1);
  // Offered, saved, canceled: earlier tests in this run may have added to them, never less than this run's.
  const pause = (await cells('No Longer Needed')).map(Number);
  expect(pause[0]).toBeGreaterThanOrEqual(1);
  expect(pause[1]).toBeGreaterThanOrEqual(1);
  const cheaper = (await cells('Found Cheaper Prices')).map(Number);
  expect(cheaper[0]).toBeGreaterThanOrEqual(1);
  expect(cheaper[2]).toBeGreaterThanOrEqual(1);
  await captureScreens(page, 'steer-admin-cancel-offers');
});

test('a member moves the next box to a chosen day, then sends it now; on the third box too', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { account } = await becomeMember(page, 'mover');
  const paidAt = Date.now();
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const longDate = (ms: number) =>
    new Date(ms).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });

  await page.goto('/frequency');
  const section = page.getByRole('region', { name: 'Your next box' });
  await expect(section).toBeVisible();
  const target = Date.now() + 10 * 24 * 60 * 60 * 1000;
  await section.getByLabel('Date of my next box').fill(day(target));
  await section.getByRole('button', { name: 'Move my next box' }).click();
  await expect(
    page.getByText(`Your next box is billed on ${longDate(target)}.`, { exact: false }),
  ).toBeVisible();
  await expectAccessible(page, 'next box date');
  await captureScreens(page, 'steer-next-box-moved');
  await openMail(page, account.email);
  await expect(page.getByText(`Your next box is now on ${longDate(target)}`).first()).toBeVisible();

  // Send it now: asked once more, then charged; the new box is in Build Your Box.
  await page.goto('/frequency');
  await section.getByRole('button', { name: 'Send my next box now' }).click();
  await captureScreens(page, 'steer-send-now-confirm');
  await section.getByRole('button', { name: 'Yes, charge me and send it' }).click();
  await expect(page.getByText('Your next box is on its way', { exact: false })).toBeVisible();
  await expect(
    page.getByText(`Your next box is billed on ${longDate(Date.now() + 30 * 24 * 60 * 60 * 1000)}.`, {
      exact: false,
    }),
  ).toBeVisible();
  await page.goto('/membership');
  await expect(page.locator('[aria-current="step"]')).toContainText('Build Your Box');
  await openMail(page, account.email);
  await expect(page.getByText('Your next box is on its way to being built').first()).toBeVisible();

  // The third box (the renewal after the one sent now, by the dev clock): it can be moved as well.
  await sweepAt(request, paidAt + 31 * 24 * 60 * 60 * 1000);
  await page.goto('/frequency');
  const later = Date.now() + 45 * 24 * 60 * 60 * 1000;
  await section.getByLabel('Date of my next box').fill(day(later));
  await section.getByRole('button', { name: 'Move my next box' }).click();
  await expect(
    page.getByText(`Your next box is billed on ${longDate(later)}.`, { exact: false }),
  ).toBeVisible();
  await captureScreens(page, 'steer-next-box-third');
});

test('a member adds a tub to the next box from the shop and the product page; the renewal charges it with the box', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { account } = await becomeMember(page, 'extras');
  const paidAt = Date.now();

  await page.goto('/shop');
  const addNext = page.getByRole('button', { name: /^Add to my next box: / }).first();
  await expect(addNext).toBeVisible();
  const name = ((await addNext.getAttribute('aria-label')) ?? '').replace(/^Add to my next box: /, '');
  await addNext.click();
  await expect(page.getByText(`${name} is in your next box`, { exact: false })).toBeVisible();
  await captureScreens(page, 'steer-extras-shop');

  await page.goto('/membership');
  const extras = page.getByRole('region', { name: 'Also in your next box' });
  await expect(extras.getByText(name, { exact: false })).toBeVisible();
  await expectAccessible(page, 'membership with extras');
  await captureScreens(page, 'steer-extras-membership');
  await openMail(page, account.email);
  await expect(page.getByText(`Added to your next box: ${name}`).first()).toBeVisible();

  // The renewal: one charge for the box and the tub; the order page lists the tub; nothing waits after.
  await sweepAt(request, paidAt + 30 * 24 * 60 * 60 * 1000 + 60_000);
  await page.goto('/membership');
  await expect(page.getByRole('region', { name: 'Also in your next box' })).toHaveCount(0);
  await openMail(page, account.email);
  // The receipt (the first box's shipping mail may be newer).
  await page
    .getByRole('navigation', { name: 'Emails' })
    .getByRole('button')
    .filter({ hasText: account.email })
    .filter({ hasText: 'Receipt for your box' })
    .first()
    .click();
  await page.getByText('Text version').click();
  await expect(page.getByText(/Also in this box, charged with it/).first()).toBeVisible();
  const orders = await page.evaluate(async () => {
    const res = await fetch('/api/order/GetMyOrders', {
      headers: { authorization: `Bearer ${localStorage.getItem('auth')}` },
    });
    return (await res.json()) as { id: string; kind: string }[];
  });
  const renewal = orders.find((o) => o.kind === 'cycle_box')!;
  await page.goto(`/order-detail/${renewal.id}`);
  await expect(page.getByText(`${name} x1 (full-size tub)`, { exact: false })).toBeVisible();
  await captureScreens(page, 'steer-extras-order');

  // Added again for the box after it, from the product's own page, then taken out again.
  await page.goto('/shop');
  // The card's link is named by what it shows; the card is found by its next-box button.
  await page
    .locator('.shop-card--unlocked')
    .filter({ has: page.getByRole('button', { name: `Add to my next box: ${name}` }) })
    .first()
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(/\/product-detail\//);
  await page.getByRole('button', { name: `Add to my next box: ${name}` }).click();
  await expect(page.getByText(`${name} is in your next box`, { exact: false })).toBeVisible();
  await captureScreens(page, 'steer-extras-product');
  await page.goto('/membership');
  const again = page.getByRole('region', { name: 'Also in your next box' });
  await expect(again).toBeVisible();
  await again
    .getByRole('button', { name: /^Remove / })
    .first()
    .click();
  await expect(page.getByRole('region', { name: 'Also in your next box' })).toHaveCount(0);
});
