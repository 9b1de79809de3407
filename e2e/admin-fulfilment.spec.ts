import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { openMail, submitLogin } from './support/accounts.ts';
import { expectAccessible, fillCard, fillShipping, finishQuizToCheckout } from './support/journeys.ts';
import { captureScreens, SCREEN_WIDTHS } from './support/screenshots.ts';

/**
 * The operator's dashboard and fulfillment (docs/product.md#back-office): the operator sees the store's
 * figures and charts, then takes a new member's first box from Build Your Box through assembly,
 * shipping (with a tracking number that reaches the member's mail) and delivery; the member's
 * /membership tracker follows each step.
 */

const OPERATOR = { email: 'admin@example.com', password: 'sample-first-operator' };

async function capture(page: Page, name: string) {
  await expectAccessible(page, name);
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, name);
}

/**
 * The dashboard's screenshots: as captureScreens, but each width waits for chart.js to redraw
 * its canvases at the new size (it does so on the next animation frames).
 */
async function captureCharts(page: Page, name: string) {
  await expectAccessible(page, name);
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))),
        ),
    );
    await page.screenshot({
      path: `test-results/screenshots/${name}-${width}.png`,
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
    });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** Quiz (short way), sign-up at step 12, checkout with 4242: lands on /membership. */
async function becomeMember(page: Page) {
  const { account, orderId } = await finishQuizToCheckout(page, 'shipped');
  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(/\/membership$/, { timeout: 30_000 });
  return { account, orderId };
}

async function operatorPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await page.goto(`/login?returnUrl=${encodeURIComponent('/admin')}`);
  await submitLogin(page, OPERATOR);
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

async function expectStage(page: Page, stage: string) {
  await page.goto('/membership');
  await expect(page.locator('[aria-current="step"]')).toContainText(stage);
}

/** The member's row in the operator's box list, at a stage tab. */
async function boxRow(admin: Page, stage: string, email: string) {
  // The tab follows the address, which changes in a transition: click, then wait for it.
  const tab = admin.getByRole('radio', { name: stage, exact: true });
  await tab.click();
  await expect(tab).toBeChecked();
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

test('the operator reads the dashboard, then assembles, ships and delivers a member box', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const tracking = `1Z${randomBytes(6).toString('hex').toUpperCase()}`;

  // A new member pays the first box: Build Your Box.
  const { account } = await becomeMember(page);
  await expectStage(page, 'Build Your Box');

  // The operator's dashboard: figures for the last 30 days and the charts.
  const admin = await operatorPage(browser);
  await expect(admin.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const figures = admin.getByRole('region', { name: /Store figures/ });
  await expect(figures.getByText('New members')).toBeVisible();
  const newMembers = figures.locator('.dashboard-figure').filter({ hasText: 'New members' });
  await expect(newMembers.locator('.admin-card__figure')).not.toHaveText('0');
  await expect(figures.getByRole('img', { name: /Revenue by week/ })).toBeVisible();
  await expect(figures.getByText(/Boxes \$\d/)).toBeVisible();
  await captureCharts(admin, 'admin-fulfilment-01-dashboard');
  // Another period from the picker: the figures are read again for it.
  const lastWeek = figures.getByRole('radio', { name: '7 days', exact: true });
  await lastWeek.click();
  await expect(lastWeek).toBeChecked();
  await expect(admin).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await expect(figures.getByRole('img', { name: /Revenue by week/ })).toBeVisible();
  // A period that ends before it starts is refused before asking the server.
  await figures.getByLabel('From').fill('2027-03-14');
  await figures.getByLabel('To').fill('2027-03-01');
  await figures.getByRole('button', { name: 'Show' }).click();
  await expect(figures.getByRole('alert')).toHaveText('The start must not be after the end.');

  // Fulfillment: the member's box is in Build Your Box; marking it assembled closes the window.
  await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Boxes' }).click();
  await expect(admin.getByRole('heading', { name: 'Fulfillment', level: 1 })).toBeVisible();
  let row = await boxRow(admin, 'Build your box', account.email);
  await expect(row).toContainText('2 still to choose');
  await capture(admin, 'admin-fulfilment-02-build-list');
  await row.getByRole('checkbox').check();
  await admin.getByRole('button', { name: 'Mark assembled' }).click();
  await expect(admin.getByText('1 box marked assembled.')).toBeVisible();
  await expectStage(page, 'Box Assembly');

  // Ship it with a tracking number: a wrong number is refused on the field first.
  row = await boxRow(admin, 'Assembly', account.email);
  await expect(row).not.toContainText('still to choose');
  await row.getByRole('checkbox').check();
  await admin.getByRole('button', { name: 'Ship…' }).click();
  await expect(admin.getByRole('heading', { name: 'Ship 1 box', exact: true })).toBeVisible();
  const field = admin.getByLabel(/^Tracking number for order/);
  await field.fill('abc');
  await admin.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(admin.getByText('A tracking number is 8-40 letters and digits.')).toBeVisible();
  await expect(field).toBeFocused();
  await capture(admin, 'admin-fulfilment-03-ship-form');
  await field.fill(tracking.toLowerCase());
  await admin.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(admin.getByText('1 box shipped.')).toBeVisible();
  row = await boxRow(admin, 'Shipping', account.email);
  await expect(row).toContainText(tracking);
  await capture(admin, 'admin-fulfilment-04-shipping-list');

  // The packing list, on screen and as printed (no navigation, one box per page).
  await row.getByRole('link', { name: /Packing list/ }).click();
  await expect(admin.getByRole('heading', { name: 'Packing list', level: 1 })).toBeVisible();
  const slip = admin.getByRole('article', { name: /Packing list of order/ });
  await expect(slip).toContainText('Maya Torres');
  await expect(slip).toContainText('Austin, TX 78704');
  await expect(slip).toContainText(tracking);
  await expect(slip.getByRole('row')).toHaveCount(5);
  await capture(admin, 'admin-fulfilment-05-packing-list');
  await admin.emulateMedia({ media: 'print' });
  await expect(admin.getByRole('navigation', { name: 'Back office' })).toBeHidden();
  await expect(admin.getByRole('button', { name: 'Print' })).toBeHidden();
  await admin.screenshot({
    path: 'test-results/screenshots/admin-fulfilment-06-packing-print-1366.png',
    fullPage: true,
  });
  await admin.emulateMedia({ media: 'screen' });

  // The member: Box Shipping, and the shipped mail with the tracking number.
  await expectStage(page, 'Box Shipping');
  await capture(page, 'admin-fulfilment-07-member-shipping');
  await openMail(page, account.email);
  await expect(
    page.getByRole('heading', { level: 2, name: /^Your box #\d{5} is on its way$/ }),
  ).toBeVisible();
  // As the member sees it (the mail's HTML in the mailbox's frame), and in the text version.
  const mail = page.frameLocator('iframe[title^="Email: Your box #"]');
  await expect(mail.getByText(`Tracking number: ${tracking}`)).toBeVisible();
  await page.getByText('Text version').click();
  await expect(page.locator('.mailbox__text pre')).toContainText(`Tracking number: ${tracking}`);
  await captureScreens(page, 'admin-fulfilment-07b-shipped-mail');

  // Delivered: Taste & Review for the member.
  await admin.goto('/admin/fulfilment?status=shipping');
  row = await boxRow(admin, 'Shipping', account.email);
  await row.getByRole('checkbox').check();
  await admin.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(admin.getByText('1 box delivered.')).toBeVisible();
  row = await boxRow(admin, 'Delivered', account.email);
  await capture(admin, 'admin-fulfilment-08-delivered-list');
  await expectStage(page, 'Taste & Review');
  await capture(page, 'admin-fulfilment-09-member-taste-review');

  // The member's first review of the box moves them on to Pick Tub (docs/product.md#membership-cycle, stage 6).
  await page.goto('/review-box');
  // The last item is a sample the member chose, never a prime pick: the every-page test counts
  // the reviews of the prime picks its members share with this one (the same quiz answers).
  await page
    .getByRole('button', { name: /^Review / })
    .last()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('label', { has: page.getByRole('radio', { name: '5 stars' }) }).click();
  await dialog.getByLabel('Your review').fill('Stirs in fast with a spoon and the taste is spot on.');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Review submitted successfully!')).toBeVisible();
  await expectStage(page, 'Pick Tub');
  await capture(page, 'admin-fulfilment-09b-member-pick-tub');

  // Tub orders: the list and its empty or filled state.
  await admin
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Tub orders' })
    .click();
  await expect(admin.getByRole('heading', { name: 'Tub orders', level: 1 })).toBeVisible();
  await capture(admin, 'admin-fulfilment-10-tub-orders');

  // The member cancels with a reason: the dashboard counts it under that reason.
  await page.goto('/cancel');
  await page.getByRole('link', { name: 'Continue Cancellation' }).click();
  await page.getByRole('radio', { name: 'Found Cheaper Prices' }).check();
  await page.getByRole('button', { name: 'Cancel my membership' }).click();
  await expect(page.getByRole('heading', { name: 'Your membership is canceled' })).toBeVisible();
  await admin.goto('/admin');
  const canceled = admin.getByRole('region', { name: 'Cancellations by reason' });
  await expect(canceled.getByRole('img', { name: /Cancellations by reason/ })).toBeVisible();
  await expect(canceled.getByRole('listitem').filter({ hasText: 'Found Cheaper Prices' })).toContainText(
    /\d/,
  );
  await captureCharts(admin, 'admin-fulfilment-11-dashboard-cancellations');
});
