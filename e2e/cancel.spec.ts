import { expect, test } from '@playwright/test';
import { openMail } from './support/accounts.ts';
import { becomeMember } from './support/journeys.ts';
import { captureScreens } from './support/screenshots.ts';

/** Cancelling is honest (docs/product.md#cancel): nothing is claimed before the server has done it. */
test('a member who opens the cancel page and leaves stays Active; one who cancels is told only after it is done', async ({
  page,
}) => {
  const { account } = await becomeMember(page, 'cancels');

  await page.goto('/cancel');
  await page.getByRole('link', { name: 'Continue Cancellation' }).click();
  await expect(page).toHaveURL(/\/cancel-reason$/);
  await expect(page.getByRole('heading', { name: 'Cancel your membership' })).toBeVisible();
  // The page asks; it claims nothing yet.
  await expect(page.getByText(/successfully|is canceled/i)).toHaveCount(0);
  await captureScreens(page, 'cancel-reason-asks');

  // Leaving without submitting changes nothing.
  await page.getByRole('link', { name: 'Keep my membership' }).click();
  await expect(page).toHaveURL(/\/membership$/);
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  const status = await page.evaluate(async () => {
    const res = await fetch('/api/Account/AuthInfo', {
      headers: { authorization: `Bearer ${localStorage.getItem('auth')}` },
    });
    return (await res.json()).subscription.statusName;
  });
  expect(status).toBe('Active');

  // Without a reason the button explains itself beside the choices.
  await page.goto('/cancel-reason');
  await page.getByRole('button', { name: 'Cancel my membership' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose a reason.' })).toBeVisible();
  await page.getByRole('radio', { name: 'Found Cheaper Prices' }).check();

  // The request cannot reach the store: the page says so, keeps the reason and claims nothing.
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Cancel my membership' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'your membership is still active' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Found Cheaper Prices' })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Your membership is canceled' })).toHaveCount(0);
  await page.context().setOffline(false);
  await captureScreens(page, 'cancel-reason-offline');

  await page.getByRole('button', { name: 'Cancel my membership' }).click();
  await expect(page.getByRole('heading', { name: 'Your membership is canceled' })).toBeVisible();
  await expect(page.getByText('The box you have already paid for still ships.')).toBeVisible();
  await captureScreens(page, 'cancel-reason-done');

  await openMail(page, account.email);
  await expect(page.getByText('Your membership is canceled').first()).toBeVisible();
  await page.getByText('Text version').click();
  await expect(page.getByText(/The box you have already paid for still ships/).first()).toBeVisible();

  await page.goto('/membership');
  await expect(page.getByRole('button', { name: 'Restart membership' })).toBeVisible();
});
