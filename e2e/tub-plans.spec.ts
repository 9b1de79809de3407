import { expect, type Page, test } from '@playwright/test';
import { followMailLink, registerAndVerify, submitLogin } from './support/accounts.ts';
import { becomeMember, expectAccessible, fillCard, fillShipping } from './support/journeys.ts';
import { captureScreens } from './support/screenshots.ts';

/*
 * The Flex and Max tub plans (docs/product.md#tub-plans): a paid pre-order before the launch, the
 * operator's launch from the back office, a member who sampled starting a Flex plan on the
 * learn-more page and seeing it on Membership, and the pre-order holder claiming their plan from
 * the launch mail's link. The launch is for the whole store: this file runs it once, in order.
 */

test.describe.configure({ mode: 'serial' });

const OPERATOR = { email: 'admin@example.com', password: 'sample-first-operator' };

async function logInAs(page: Page, account: { email: string; password: string }, returnUrl: string) {
  if (page.url() === 'about:blank') await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  await submitLogin(page, account);
  await expect(page).toHaveURL(new RegExp(`${returnUrl.replace(/[?]/g, '\\?')}$`));
}

let holder: { email: string; password: string };

test('a pre-order taken before the launch; the operator launches the tub plans once', async ({ page }) => {
  test.setTimeout(120_000);
  holder = await registerAndVerify(page);
  await logInAs(page, holder, '/membership');
  await page.goto('/subscriptions-learn-more');
  const flex = page.getByRole('article', { name: 'Flex' });
  await flex.getByRole('button', { name: 'Pre-order Flex' }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your pre-order!' })).toBeVisible({
    timeout: 30_000,
  });

  await logInAs(page, OPERATOR, '/admin');
  const panel = page.getByRole('region', { name: 'Tub plans' });
  await expect(panel).toContainText('takes pre-orders');
  await panel.getByRole('button', { name: 'Launch tub plans' }).click();
  await expect(panel).toContainText('Launch tub plans now? This cannot be undone.');
  await expectAccessible(page);
  await panel.getByRole('button', { name: 'Yes, launch tub plans' }).click();
  await expect(panel.getByRole('status')).toContainText(
    /Tub plans are launched\. \d+ pre-order holders? (was|were) mailed\./,
  );
  await expect(panel).toContainText('Launched on');
  await captureScreens(page, 'tub-plans-admin-launched');
});

test('a member who sampled starts a Flex plan from the learn-more page and sees it on Membership', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await becomeMember(page, 'tubflex');
  await page.goto('/subscriptions-learn-more');
  await expect(page.getByText('Tub plans are here')).toBeVisible();
  const flex = page.getByRole('article', { name: 'Flex' });
  await expect(flex).toContainText('15% off every tub');
  await flex.getByRole('button', { name: 'Start Flex' }).click();

  const form = page.getByRole('form', { name: 'Start your tub plan' });
  await expect(form).toBeVisible();
  await expect(form.getByRole('radio', { name: /Flex plan: 1 tub per delivery/ })).toBeChecked();
  // Max holds 4 paid tubs and a free fifth, chosen the same way.
  await form.getByRole('radio', { name: /Max plan: 4 tubs per delivery/ }).check();
  await expect(form.getByLabel('Tub 4')).toBeVisible();
  await expect(form.getByLabel('Free 5th tub')).toHaveValue('');
  await expect(form.getByRole('button', { name: 'Start Max plan' })).toBeVisible();
  await captureScreens(page, 'tub-plans-start-max');
  await form.getByRole('radio', { name: /Flex plan: 1 tub per delivery/ }).check();
  const tub = form.getByLabel('Tub', { exact: true });
  // The tubs offered are the ones this member unlocked by sampling, each named with its flavor.
  const options = await tub.locator('option:not([value=""])').allTextContents();
  expect(options.length).toBeGreaterThan(0);
  const chosen = options[0]!.split(' (')[0]!;
  await tub.selectOption({ index: 1 });
  await form.getByRole('radio', { name: 'Every 45 days' }).check();
  await expect(form).toContainText(/Your saved Visa card ending in 4242/);
  await expect(form).toContainText(
    /Today: \$\d+\.\d\d plus tax for your first delivery, then the same every 45 days/,
  );
  await expectAccessible(page);
  await captureScreens(page, 'tub-plans-start-flex');
  await form.getByRole('button', { name: 'Start Flex plan' }).click();

  await expect(page).toHaveURL(/\/membership$/, { timeout: 30_000 });
  const card = page.getByRole('region', { name: 'Your Flex plan' });
  await expect(card).toContainText('Active');
  await expect(card).toContainText('Every 45 days');
  await expect(card).toContainText(chosen);
  await expect(card.getByRole('button', { name: 'Skip next delivery' })).toBeVisible();
  // The box membership is still there beside it.
  await expect(page.getByRole('region', { name: 'Your plan' })).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'tub-plans-membership');

  // Skip, then resume, by keyboard: the status line says what happened.
  await card.getByRole('button', { name: 'Skip next delivery' }).focus();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('status').last()).toContainText('Skipped. Your next delivery is on');
  await card.getByRole('button', { name: 'Resume deliveries' }).click();
  await expect(card.getByRole('status').last()).toContainText('Resumed.');
});

test('the pre-order holder claims their plan from the launch mail: the pre-order pays the first delivery', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInAs(page, holder, '/membership');
  await followMailLink(page, holder.email, '/subscriptions-learn-more?preOrder=');
  await expect(page).toHaveURL(/\/subscriptions-learn-more\?preOrder=[0-9a-f-]{36}$/);
  const form = page.getByRole('form', { name: 'Start your tub plan' });
  await expect(form.getByRole('radio', { name: /My Flex plan pre-order #\d+/ })).toBeChecked();
  // Never sampled: the whole catalog is offered.
  const tub = form.getByLabel('Tub', { exact: true });
  await tub.selectOption({ index: 2 });
  const chosen = (await tub.locator('option:checked').textContent())!.split(' (')[0]!;
  await expect(form).toContainText('Your first delivery is paid by your pre-order.');
  await expectAccessible(page);
  await captureScreens(page, 'tub-plans-claim');
  await form.getByRole('button', { name: 'Start Flex plan' }).click();

  await expect(page).toHaveURL(/\/membership$/, { timeout: 30_000 });
  const card = page.getByRole('region', { name: 'Your Flex plan' });
  await expect(card).toContainText(chosen);
  await expect(card).toContainText('Active');
});
