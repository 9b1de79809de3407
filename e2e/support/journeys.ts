import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { newAccount } from './accounts.ts';

/** No serious or critical axe-core violation on what is on screen now. */
export async function expectAccessible(page: Page, label?: string, options: { exclude?: string } = {}) {
  const builder = new AxeBuilder({ page });
  if (options.exclude) builder.exclude(options.exclude);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious, label).toEqual([]);
}

/**
 * The short way through the quiz to step 12: 4 flavors at step 6, never used protein, straight on.
 * Answers the Next button.
 */
export async function quizShortWayToStep12(page: Page) {
  await page.goto('/take-quiz/6');
  for (const flavor of ['Chocolate', 'Vanilla', 'Strawberry', 'Peanut Butter']) {
    await page.getByRole('checkbox', { name: flavor, exact: true }).check();
  }
  const next = page.getByRole('button', { name: 'Next' });
  await next.click();
  await page.getByRole('radio', { name: 'No' }).check();
  await next.click();
  await expect(page).toHaveURL(/\/take-quiz\/11$/);
  await next.click();
  await expect(page).toHaveURL(/\/take-quiz\/12$/);
  return next;
}

/** A new visitor takes the short way through the quiz, signs up at step 12 and continues to checkout. */
export async function finishQuizToCheckout(page: Page, prefix: string) {
  const account = newAccount(prefix);
  const next = await quizShortWayToStep12(page);
  await page.getByLabel('Email Address*').fill(account.email);
  await page.getByLabel('Password*', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password*').fill(account.password);
  await page.getByLabel('Age*').selectOption('31');
  await next.click();
  await expect(page).toHaveURL(/\/result\/[^/]+$/);
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/checkout/')[1]!;
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  return { account, orderId };
}

/** The checkout's U.S. shipping form, filled with one valid Texas address. */
export async function fillShipping(page: Page) {
  await page.getByLabel('First name').fill('Maya');
  await page.getByLabel('Last name').fill('Torres');
  await page.getByLabel('Address', { exact: true }).fill('1200 Barton Springs Rd');
  await page.getByLabel('Address line 2').fill('Unit 5');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').selectOption('TX');
  await page.getByLabel('Zip code').fill('78704');
}

/** The sandbox card field: a test card number with any future expiry and CVC. */
export async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}

/** Quiz (short way), sign-up at step 12, first box paid with 4242: a member on /membership. */
export async function becomeMember(page: Page, prefix: string) {
  const { account, orderId } = await finishQuizToCheckout(page, prefix);
  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(/\/membership$/, { timeout: 30_000 });
  return { account, orderId };
}
