import { type Browser, expect, type Page, test } from '@playwright/test';
import { openMail } from './support/accounts.ts';
import { expectAccessible, fillCard, fillShipping, finishQuizToCheckout } from './support/journeys.ts';
import { captureScreens } from './support/screenshots.ts';

/** Screenshots from the top, so the sticky bar sits where a person sees it. */
async function capture(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, name);
}

function summaryRow(page: Page, name: RegExp | string) {
  return page.getByRole('region', { name: 'Order summary' }).getByRole('row', { name });
}

async function newSignedInPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  return context.newPage();
}

test('a finished quiz checks out with 4242 4242 4242 4242 and lands on the membership', async ({ page }) => {
  test.setTimeout(120_000);
  const { account, orderId } = await finishQuizToCheckout(page, 'checkout');

  // The Discover Plan box: 2 prime picks and 2 slots the member fills later.
  await expect(page.getByRole('heading', { name: 'Discover Plan' })).toBeVisible();
  await expect(page.getByText('Prime pick', { exact: true })).toHaveCount(2);
  await expect(page.getByText('You choose', { exact: true })).toHaveCount(2);
  await expect(page.getByRole('radio', { name: 'Every 30 days' })).toBeChecked();
  await expect(summaryRow(page, 'Shipping Free')).toBeVisible();
  await expect(summaryRow(page, 'Handling fee $2.99')).toBeVisible();
  await expect(summaryRow(page, 'Total (USD) $16.99')).toBeVisible();
  await expect(page.getByText('SANDBOX, no real charges')).toBeVisible();

  // An empty submit shows every required field's message and sends nothing.
  const confirm = page.getByRole('button', { name: 'Confirm order' });
  await confirm.click();
  for (const message of [
    'First name is required',
    'Last name is required',
    'Address is required',
    'City is required',
    'State is required',
    'Zip code is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('First name')).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/checkout/${orderId}$`));
  await capture(page, 'checkout-01-required-fields');

  // A ZIP code of 4 digits is refused once the field is left.
  await page.getByLabel('Zip code').fill('7870');
  await page.getByLabel('Zip code').blur();
  await expect(page.getByText('Zip code must be 5 or 9 digits')).toBeVisible();

  // With the address complete, tax comes from the server: 6.25% in Texas.
  await fillShipping(page);
  await expect(summaryRow(page, 'Tax $1.06')).toBeVisible();
  await expect(summaryRow(page, 'Total (USD) $18.05')).toBeVisible();
  await page.getByRole('radio', { name: 'Every 45 days' }).check();
  await fillCard(page, '4242 4242 4242 4242');
  await expectAccessible(page);
  await capture(page, 'checkout-02-filled');

  // Confirming: the button says so and waits while the payment runs.
  await page.route('**/api/Payment/createPaymentIntent*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await confirm.click();
  const confirming = page.getByRole('button', { name: 'Confirming...' });
  await expect(confirming).toBeVisible();
  await expect(confirming).toBeDisabled();

  await expect(page).toHaveURL(/\/membership$/);
  await expect(page.getByRole('heading', { name: 'Membership', level: 1 })).toBeVisible();
  const plan = page.getByRole('region', { name: 'Your plan' });
  await expect(plan).toContainText('Discover Plan');
  await expect(plan).toContainText('Every 45 days');
  await expect(plan).toContainText('Active');
  await expect(plan.getByText('TBD')).toHaveCount(0);
  await expect(page.locator('[aria-current="step"]')).toContainText('Build Your Box');
  await expectAccessible(page);
  await capture(page, 'checkout-03-membership');

  await page.goto('/billing');
  await expect(page.getByText('ending with 4242')).toBeVisible();
  await expect(page.getByText('Visa', { exact: true })).toBeVisible();
  await expect(page.getByText('1200 Barton Springs Rd')).toBeVisible();
  await expectAccessible(page);
  await capture(page, 'checkout-04-billing');

  await page.goto(`/thank-you/${orderId}`);
  await expect(page.getByRole('heading', { name: 'Your order has been placed successfully.' })).toBeVisible();
  await expect(page.getByText('Check your email for the invoice.')).toBeVisible();
  await expect(page.getByText('Processing', { exact: true })).toBeVisible();
  await expect(page.getByText(/^#\d{1,5}$/)).toBeVisible();
  await expectAccessible(page);
  await capture(page, 'checkout-05-thank-you');

  // Nothing left to pay: the order and /checkout say so instead of charging again.
  await page.goto(`/checkout/${orderId}`);
  await expect(page.getByRole('heading', { name: 'This order is already paid' })).toBeVisible();
  await capture(page, 'checkout-10-already-paid');
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'You are already a member' })).toBeVisible();

  // The confirmation mail with the invoice lines.
  await openMail(page, account.email);
  await expect(page.getByText(/order #\d+ is confirmed/).first()).toBeVisible();
});

test('a declined card shows the decline; the good card then pays', async ({ page }) => {
  test.setTimeout(120_000);
  const { orderId } = await finishQuizToCheckout(page, 'declined');

  // Before paying, the membership is not active and leads back to this checkout.
  await page.goto('/membership');
  await expect(page.getByRole('heading', { name: 'Not Active' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Finish your first box' })).toHaveAttribute(
    'href',
    `/checkout/${orderId}`,
  );
  await expectAccessible(page);
  await capture(page, 'checkout-06-membership-not-active');
  await page.goto('/checkout');
  await expect(page).toHaveURL(new RegExp(`/checkout/${orderId}$`));

  await fillShipping(page);
  await expect(summaryRow(page, 'Tax $1.06')).toBeVisible();
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm order' })).toBeEnabled();
  await expect(page).toHaveURL(new RegExp(`/checkout/${orderId}$`));
  await capture(page, 'checkout-07-declined');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(/\/membership$/);
  await expect(page.getByRole('region', { name: 'Your plan' })).toContainText('Every 30 days');
});

test('a member pre-orders the Max plan, pays the same way and sees the pre-order', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newSignedInPage(browser);
  await finishQuizToCheckout(page, 'preorder');

  await page.goto('/subscriptions-learn-more');
  const max = page.getByRole('article', { name: 'Max' });
  await expect(max).toContainText('Pre-order today: $134.99');
  await max.getByRole('button', { name: 'Pre-order Max' }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/checkout/')[1]!;
  await expect(page.getByRole('heading', { name: 'Pre-order checkout', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Max plan pre-order' })).toBeVisible();
  await expect(summaryRow(page, 'Pre-Order x1 $134.99')).toBeVisible();
  await fillShipping(page);
  // 6.25% of $137.98 is $8.62375.
  await expect(summaryRow(page, 'Tax $8.62')).toBeVisible();
  await fillCard(page, '4242 4242 4242 4242');
  await expectAccessible(page);
  await capture(page, 'checkout-08-pre-order');
  await page.getByRole('button', { name: 'Confirm order' }).click();

  await expect(page).toHaveURL(new RegExp(`/order-detail/${orderId}$`));
  await expect(page.getByRole('heading', { name: 'Thank you for your pre-order!' })).toBeVisible();
  await expect(page.getByText('Card ending with 4242 · $146.60')).toBeVisible();
  await expect(page.getByRole('row', { name: 'Pre-Order x1 $134.99' })).toBeVisible();
  await expect(page.getByText('1200 Barton Springs Rd, Unit 5')).toBeVisible();
  await expectAccessible(page);
  await capture(page, 'checkout-09-pre-order-detail');
  await page.context().close();
});
