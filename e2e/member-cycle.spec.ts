import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible, fillCard, fillShipping, finishQuizToCheckout } from './support/journeys.ts';
import { captureScreens } from './support/screenshots.ts';

/*
 * A membership moving through its cycle (docs/product.md#membership-cycle), with the dev clock
 * (POST /api/dev/sweep?at=, docs/decisions/011-dev-clock.md) moving time: a new member skips the
 * next box and pauses (the alternatives on /frequency and /cancel), resumes, reaches Box Assembly
 * after the build deadline with the samples chosen for them, reports an issue once the box has
 * shipped (the operator sees it), then replaces the card with one that fails and sees Past Due
 * after the renewal date.
 */

const DAY = 24 * 60 * 60 * 1000;
const OPERATOR = { emailAddress: 'admin@example.com', password: 'sample-first-operator' };

async function capture(page: Page, name: string) {
  await expectAccessible(page, name);
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, name);
}

/** One membership sweep as if it were `start + days`. */
async function sweepAt(request: APIRequestContext, start: number, days: number) {
  const at = new Date(start + days * DAY).toISOString();
  const answer = await request.post(`/api/dev/sweep?at=${encodeURIComponent(at)}`);
  expect(answer.status()).toBe(200);
  return answer.json();
}

async function openMembership(page: Page) {
  await page.goto('/membership');
  await expect(page.getByRole('heading', { name: 'Membership', level: 1 })).toBeVisible();
}

test('a member skips, pauses and resumes, reaches Assembly, reports an issue after shipping, then a failed renewal shows Past Due', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { account } = await finishQuizToCheckout(page, 'cycle');
  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(/\/membership$/, { timeout: 30_000 });
  const paidAt = Date.now();

  // Stage 2: Build Your Box, 2 open slots.
  await expect(page.locator('[aria-current="step"]')).toContainText('Build Your Box');
  await expect(page.getByRole('link', { name: 'Choose a sample' })).toHaveCount(2);
  await capture(page, 'cycle-01-build-your-box');
  const nextRenewal = page.locator('dt:text-is("Next renewal") + dd');
  const firstRenewal = (await nextRenewal.textContent()) ?? '';

  // /frequency offers skip and pause next to the schedule: skip the next box.
  await page.goto('/frequency');
  await expect(page.getByRole('heading', { name: 'Delivery Schedule', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skip next box' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await capture(page, 'cycle-02-frequency-skip-pause');
  await page.getByRole('button', { name: 'Skip next box' }).click();
  // Skip asks first, naming the date the next box moves to.
  await expect(page.getByRole('heading', { name: 'Skip your next box?' })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, skip it' }).click();
  await expect(
    page.getByText(/^Your next box is skipped\. Your next box is on \w+ \d+, \d{4}\.$/),
  ).toBeVisible();
  // The page now shows the skip and offers to undo it, not Skip again.
  await expect(
    page.getByText(/^Your next box is skipped — billing resumes on \w+ \d+, \d{4}\.$/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: "Don't skip" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skip next box' })).toHaveCount(0);
  await openMembership(page);
  // The skipped renewal date is passed over: the next charge is one cycle later.
  await expect(nextRenewal).not.toHaveText(firstRenewal);

  // /cancel offers the same alternatives before the cancellation: pause for 2 boxes.
  await page.goto('/cancel');
  await expect(page.getByRole('heading', { name: "Don't go! Change your Delivery Schedule?" })).toBeVisible();
  await expect(page.getByText(/^Your next box is skipped — billing resumes on/)).toBeVisible();
  await page.getByLabel('Pause for').selectOption('2');
  await capture(page, 'cycle-03-cancel-alternatives');
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await page.getByRole('button', { name: 'Yes, pause' }).click();
  await expect(page.getByText(/^Your membership is paused\. It resumes on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume now' })).toBeVisible();
  // The pause comes after the skipped box: 3 renewal dates pass without a box.
  await expect(
    page.getByText(/^Paused until \w+ \d+, \d{4}\. No box and no charge for the next 3 boxes/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skip next box' })).toHaveCount(0);
  await openMembership(page);
  await expect(page.locator('dt:text-is("Status") + dd')).toHaveText('Paused');
  await capture(page, 'cycle-04-membership-paused');

  // Resume from /frequency: active again, and the first renewal date is back.
  await page.goto('/frequency');
  await expect(page.getByText(/^Paused until /)).toBeVisible();
  await capture(page, 'cycle-04b-frequency-paused');
  await page.getByRole('button', { name: 'Resume now' }).click();
  await expect(page.getByText('Your membership is active again.', { exact: true })).toBeVisible();
  await openMembership(page);
  await expect(page.locator('dt:text-is("Status") + dd')).toHaveText('Active');
  await expect(nextRenewal).toHaveText(firstRenewal);

  // 4 days later the build deadline has passed: the store chose the 2 samples, stage 3 Assembly.
  const assembly = await sweepAt(request, paidAt, 4);
  expect(assembly.samplesChosen).toBeGreaterThanOrEqual(1);
  await openMembership(page);
  await expect(page.locator('[aria-current="step"]')).toContainText('Assembly');
  await expect(page.getByText(/Your box is being assembled/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose a sample' })).toHaveCount(0);
  await expect(page.locator('.membership__sample')).toHaveCount(4);
  await capture(page, 'cycle-05-assembly');

  // 9 days later the box has shipped: Report Issue reaches the store.
  const shipped = await sweepAt(request, paidAt, 9);
  expect(shipped.shipped).toBeGreaterThanOrEqual(1);
  await openMembership(page);
  await expect(page.locator('[aria-current="step"]')).toContainText('Shipping');
  await page.getByRole('button', { name: 'Report Issue' }).click();
  const issue = `One sachet arrived torn open (${account.email}).`;
  await page.getByLabel('What went wrong with your box?').fill('Torn');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.locator('.report-issue__error')).not.toBeEmpty();
  await page.getByLabel('What went wrong with your box?').fill(issue);
  await capture(page, 'cycle-06-shipping-report-issue');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you! We received your report.', { exact: true })).toBeVisible();
  // The operator's own API context (its cookies stay out of the dev-clock calls).
  const operator = await playwright.request.newContext({ baseURL });
  const login = await operator.post('/api/User/Login', { data: OPERATOR });
  expect(login.status()).toBe(200);
  const { token } = await login.json();
  const reports = await operator.get('/api/admin/issue-reports?status=all&pageSize=50', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(reports.status()).toBe(200);
  const received = (await reports.json()).items.find((r: { text: string }) => r.text === issue);
  expect(received?.memberEmail).toBe(account.email.toLowerCase());
  await operator.dispose();

  // A card that saves but fails every charge, then the renewal date passes: stage 1, Past Due.
  await page.goto('/billing');
  await page.getByRole('button', { name: 'Replace card' }).click();
  await fillCard(page, '4000 0000 0000 0341');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Your card was replaced.', { exact: true })).toBeVisible();
  const renewal = await sweepAt(request, paidAt, 31);
  expect(renewal.failed).toBeGreaterThanOrEqual(1);
  await openMembership(page);
  await expect(page.locator('[aria-current="step"]')).toContainText('Billing');
  await expect(page.getByRole('heading', { name: 'Payment Past Due' })).toBeVisible();
  await expect(page.locator('dt:text-is("Status") + dd')).toHaveText('Past Due');
  await expect(page.getByRole('link', { name: 'Update card' })).toHaveAttribute('href', '/billing');
  await capture(page, 'cycle-07-past-due');
});

test('D6 a renewal the bank wants to authenticate waits for the member, who confirms it on-session', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await finishQuizToCheckout(page, 'confirm');
  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(/\/membership$/, { timeout: 30_000 });
  const paidAt = Date.now();

  // A card that needs 3D Secure for every payment, then the renewal date passes.
  await page.goto('/billing');
  await page.getByRole('button', { name: 'Replace card' }).click();
  await fillCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Your card was replaced.', { exact: true })).toBeVisible();
  await sweepAt(request, paidAt, 31);

  await openMembership(page);
  await expect(page.getByRole('heading', { name: 'Payment Past Due' })).toBeVisible();
  await expect(page.getByText('Your bank wants you to confirm this renewal')).toBeVisible();
  await page.getByRole('link', { name: 'Confirm payment' }).click();
  await expect(page).toHaveURL(/\/membership\/confirm-payment$/);
  await expect(page.getByRole('heading', { name: 'Confirm your payment', level: 1 })).toBeVisible();
  await expect(page.getByText('•••• 3184')).toBeVisible();
  await capture(page, 'cycle-08-confirm-payment');
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment confirmed' })).toBeVisible();
  await capture(page, 'cycle-09-payment-confirmed');
  await page.getByRole('link', { name: 'Go to my membership' }).click();
  await expect(page.locator('dt:text-is("Status") + dd')).toHaveText('Active');
  await expect(page.locator('[aria-current="step"]')).toContainText('Build Your Box');

  // Nothing waits any more.
  await page.goto('/membership/confirm-payment');
  await expect(page.getByRole('heading', { name: 'Nothing to confirm' })).toBeVisible();
});
