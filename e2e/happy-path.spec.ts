import { expect, test } from '@playwright/test';
import { fillCard, fillShipping, finishQuizToCheckout } from './support/journeys.ts';

/**
 * The first box's happy path logs no error: no console error and no 4xx or 5xx answer, even when
 * Confirm order is pressed right after the last field is typed (before the tax update's pause).
 */
test('from the quiz to a paid membership without a console error or a failed call', async ({ page }) => {
  const consoleErrors: string[] = [];
  const failedCalls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      failedCalls.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });

  await finishQuizToCheckout(page, 'happy');
  // A payment that takes a moment, as a real card network's does: the tax pause ends meanwhile.
  await page.route('**/api/Payment/createPaymentIntent**', async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await route.fulfill({ response });
  });
  await fillCard(page, '4242 4242 4242 4242');
  await fillShipping(page);
  // At once: the debounced tax update has not been sent yet.
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(/\/membership$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Membership', level: 1 })).toBeVisible();
  // Anything the page still had in flight has had its chance to fail.
  await page.waitForTimeout(1_000);

  expect(failedCalls).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
