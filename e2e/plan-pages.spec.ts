import { expect, type Page, test } from '@playwright/test';
import { newAccount } from './support/accounts.ts';
import { expectAccessible, quizShortWayToStep12 } from './support/journeys.ts';
import { captureScreens } from './support/screenshots.ts';

/*
 * The tub plans (/subscriptions-learn-more) and the Discover plan page (/subscribe/:orderId) are
 * found where a customer looks: the footer, the quiz results and a non-member's Membership page.
 */

async function quizToResults(page: Page, prefix: string) {
  const account = newAccount(prefix);
  const next = await quizShortWayToStep12(page);
  await page.getByLabel('Email Address*').fill(account.email);
  await page.getByLabel('Password*', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password*').fill(account.password);
  await page.getByLabel('Age*').selectOption('31');
  await next.click();
  await expect(page).toHaveURL(/\/result\/[^/]+$/);
}

test('a visitor finds the tub plans from the footer of the home page', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Tub Plans' }).click();
  await expect(page).toHaveURL(/\/subscriptions-learn-more$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Loved a sample? Keep it coming.' }),
  ).toBeVisible();
});

test('the results and a non-member Membership page lead to the plan page and the tub plans', async ({
  page,
}) => {
  await quizToResults(page, 'plans');
  const results = page.getByRole('link', { name: 'What the Discover Plan includes' });
  await expect(results).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tub plans for later' })).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, 'results-plan-links');

  // Keyboard: the plan link is reachable and opens /subscribe/:orderId, whose NEXT goes to checkout.
  await results.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/subscribe\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/subscribe/')[1]!;
  await expect(page.getByText('DISCOVER PLAN')).toBeVisible();
  await page.getByRole('link', { name: 'NEXT' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${orderId}$`));

  // Not a member yet: Membership says Not Active and offers both pages.
  await page.goto('/membership');
  const card = page.getByRole('region', { name: 'Not Active' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'Finish your first box' })).toHaveAttribute(
    'href',
    `/checkout/${orderId}`,
  );
  await expect(card.getByRole('link', { name: 'What the Discover Plan includes' })).toHaveAttribute(
    'href',
    `/subscribe/${orderId}`,
  );
  await expectAccessible(page);
  await captureScreens(page, 'membership-not-active-plan-links');
  await card.getByRole('link', { name: 'Tub plans: pre-order Flex or Max' }).click();
  await expect(page).toHaveURL(/\/subscriptions-learn-more$/);
  await expect(page.getByRole('heading', { name: 'Personalize Your Fuel' })).toBeVisible();
});
