import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, fillCard, fillShipping, finishQuizToCheckout } from './support/journeys.ts';
import { captureScreens } from './support/screenshots.ts';

/*
 * The member area (docs/product.md#membership-cycle): a new member pays the first box with 4242, builds it with 2 samples,
 * reviews a sample through the dialog's checks, changes the delivery schedule, replaces the card,
 * cancels with a reason, edits the profile and changes the password.
 */

/** Screenshots at 390 and 1366 px, after axe-core finds no serious or critical issue. */
async function capture(page: Page, name: string) {
  await expectAccessible(page, name);
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, name);
}

/** Quiz (short way), sign-up at step 12, checkout with 4242: lands on /membership. */
async function becomeMember(page: Page) {
  const { account, orderId } = await finishQuizToCheckout(page, 'member');
  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(/\/membership$/, { timeout: 30_000 });
  return { account, orderId };
}

test('a member builds a box, reviews, changes the schedule and card, cancels, edits the profile and password', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { account, orderId } = await becomeMember(page);

  // Membership: stage 2 with Build Your Box, the box with 2 "+" tiles, the plan and the notice.
  await expect(page.locator('[aria-current="step"]')).toContainText('Build Your Box');
  await expect(page.getByRole('link', { name: 'Choose a sample' })).toHaveCount(2);
  // The empty tiles say in words what they do, not only "+" with a label for screen readers.
  await expect(page.getByRole('link', { name: 'Choose a sample' }).first()).toHaveText(/Choose a sample/);
  await expect(page.getByText(/handling fee and tax/)).toBeVisible();
  await capture(page, 'member-01-membership');

  // Build the box: 2 prime picks, then choose 2 samples.
  await page.getByRole('link', { name: 'Build Your Box' }).click();
  await expect(page).toHaveURL(`/build-your-box/${orderId}`);
  await expect(page.getByRole('heading', { name: 'Build Your Personalized Box' })).toBeVisible();
  await expect(page.getByText('Prime pick', { exact: true })).toHaveCount(2);
  await capture(page, 'member-02-build-your-box');
  await page.getByRole('link', { name: 'NEXT: CHOOSE 2 SAMPLES' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your first sample' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^See / }).first()).toBeVisible();
  await capture(page, 'member-03-choose-first');
  await page.getByRole('button', { name: /^See / }).first().click();
  await expect(page).toHaveURL(new RegExp(`/sample-detail/${orderId}/\\d+$`));
  await capture(page, 'member-04-sample-detail');
  await page.getByRole('button', { name: 'CHOOSE' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your second sample' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'CONFIRM' })).toHaveCount(0);
  await page.getByRole('button', { name: /^See / }).first().click();
  await page.getByRole('button', { name: 'CHOOSE' }).click();
  await expect(page.getByRole('button', { name: 'CONFIRM' })).toBeVisible();
  await capture(page, 'member-05-confirm');
  await page.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(page.getByText('Order updated!')).toBeVisible();
  await expect(page).toHaveURL(/\/membership$/);
  await expect(page.getByRole('link', { name: 'Choose a sample' })).toHaveCount(0);

  // Review a sample: the dialog's checks, then a saved review.
  // /review-box opens on the samples to review.
  await page.goto('/review-box');
  await expect(page.getByRole('heading', { name: /^Your \w+ Box$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'SHOP', exact: true })).toHaveCount(4);
  await capture(page, 'member-07-review-items');
  await page
    .getByRole('button', { name: /^Review / })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Submit review' });
  await submit.click();
  await expect(dialog.getByRole('alert')).toHaveText('Please choose a rating from 1 to 5 stars.');
  // A person clicks the fourth star (the label around the hidden radio).
  await dialog.locator('label', { has: page.getByRole('radio', { name: '4 stars' }) }).click();
  await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await dialog.getByRole('radio', { name: '4 stars' }).press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: '5 stars' })).toBeChecked();
  const text = dialog.getByLabel('Your review');
  await text.fill('Smooth and tasty');
  await expect(dialog.getByText('16/25 minimum')).toBeVisible();
  await submit.click();
  await expect(dialog.getByRole('alert')).toHaveText('Review must be at least 25 characters long');
  await expect(dialog.getByRole('alert')).toHaveText('', { timeout: 5000 });
  await text.fill('x'.repeat(600));
  await expect(text).toHaveValue('x'.repeat(500));
  await text.fill('Mixes smoothly, tastes like real chocolate and no clumps.');
  await submit.click();
  await expect(dialog.getByRole('alert')).toHaveText('Please accept the privacy policy');
  await capture(page, 'member-08-review-dialog');
  await dialog.getByRole('checkbox').check();
  await submit.click();
  await expect(page.getByText('Review submitted successfully!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The reviewed sample says so, and reopens with the earlier review to change it.
  const reviewed = page.getByRole('button', { name: /^Reviewed: edit your review of / });
  await expect(reviewed).toHaveCount(1);
  await expect(reviewed).toHaveText('Reviewed ✓');
  await reviewed.click();
  await expect(dialog.getByRole('heading', { name: /^Edit your review of / })).toBeVisible();
  await expect(dialog.getByLabel('Your review')).toHaveValue(
    'Mixes smoothly, tastes like real chocolate and no clumps.',
  );
  await expect(dialog.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // The product's page lists the review (first name only) with the count; one review gives no average.
  const reviewedProductId = await page.evaluate(async () => {
    const res = await fetch('/api/productReview/GetMyReviews', {
      headers: { authorization: `Bearer ${localStorage.getItem('auth')}` },
    });
    return ((await res.json()) as { reviews: { productId: number }[] }).reviews[0]!.productId;
  });
  // Other browser tests' members may have reviewed the same product: the page shows what the API counts.
  const { reviewCount } = await page.evaluate(async (id) => {
    const res = await fetch(`/api/productReview/GetProductReviews?productId=${id}`);
    return (await res.json()) as { reviewCount: number };
  }, reviewedProductId);
  expect(reviewCount).toBeGreaterThanOrEqual(1);
  await page.goto(`/product-detail/${reviewedProductId}`);
  const memberReviews = page.getByRole('region', { name: 'Member reviews' });
  const ours = memberReviews
    .getByRole('listitem')
    .filter({ hasText: 'Mixes smoothly, tastes like real chocolate and no clumps.' });
  await expect(ours).toHaveCount(1);
  await expect(ours.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
  await expect(memberReviews.getByRole('listitem')).toHaveCount(reviewCount);
  const countText = `${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'}`;
  await expect(page.getByRole('link', { name: countText })).toBeVisible();
  if (reviewCount === 1) {
    await expect(memberReviews).toContainText('1 review so far');
    await expect(page.getByRole('img', { name: /out of 5 by members/ })).toHaveCount(0);
  }
  await capture(page, 'member-08b-product-reviews');

  // Delivery schedule: 30 -> 60 days.
  await page.goto('/frequency');
  await expect(page.getByRole('radio', { name: /Every 30 days/ })).toBeChecked();
  await capture(page, 'member-09-frequency');
  await page.getByText('Every 60 days').click();
  await page.getByRole('button', { name: 'Update Delivery Schedule' }).click();
  await expect(page.getByText('Delivery schedule updated!')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Every 60 days/ })).toBeChecked();

  // Billing: replace the card with a Mastercard.
  await page.goto('/billing');
  await expect(page.getByText('ending with 4242')).toBeVisible();
  await page.getByRole('button', { name: 'Replace card' }).click();
  await page.getByLabel('Card number').fill('5555 5555 5555 4444');
  await page.getByLabel('Expiration date').fill('11 / 33');
  await page.getByLabel('Security code').fill('321');
  await capture(page, 'member-10-billing-replace');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Your card was replaced.')).toBeVisible();
  await expect(page.getByText('ending with 4444')).toBeVisible();

  // Cancel with a reason, then the profile.
  await page.goto('/cancel');
  await expect(page.getByRole('heading', { name: "Don't go! Change your Delivery Schedule?" })).toBeVisible();
  await capture(page, 'member-11-cancel');
  await page.getByRole('link', { name: 'Continue Cancellation' }).click();
  await expect(page.getByRole('heading', { name: 'Cancel your membership' })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(4);
  await page.getByRole('radio', { name: 'Found Cheaper Prices' }).check();
  await capture(page, 'member-12-cancel-reason');
  await page.getByRole('button', { name: 'Cancel my membership' }).click();
  await expect(page.getByRole('heading', { name: 'Your membership is canceled' })).toBeVisible();
  await page.getByRole('link', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // Profile: Update Info only after a change; "Profile updated!".
  const update = page.getByRole('button', { name: 'Update Info' });
  await expect(update).toBeDisabled();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
  await page.getByLabel('First name').fill('Mia');
  await page.getByLabel('Zip code').fill('78701');
  await expect(update).toBeEnabled();
  await capture(page, 'member-13-profile');
  await update.click();
  await expect(page.getByText('Profile updated!')).toBeVisible();
  await expect(update).toBeDisabled();
  await page.getByRole('button', { name: 'Order History' }).click();
  await expect(page.getByRole('list', { name: 'Your orders' }).getByRole('link')).toHaveCount(1);
  await capture(page, 'member-14-order-history');

  // Change Password: the new tokens keep the session; the new password signs in.
  await page.getByRole('button', { name: 'Change Password' }).click();
  const passwordDialog = page.getByRole('dialog');
  await passwordDialog.getByLabel('Current password').fill(account.password);
  await passwordDialog.getByLabel('New password').fill('amber-canyon-5812');
  await capture(page, 'member-15-change-password');
  await passwordDialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(passwordDialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Mia');
  // The old password no longer passes; the new one does.
  await page.getByRole('button', { name: 'Change Password' }).click();
  await passwordDialog.getByLabel('Current password').fill(account.password);
  await passwordDialog.getByLabel('New password').fill('violet-summit-7731');
  await passwordDialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(passwordDialog.getByRole('alert')).not.toHaveText('');
  await passwordDialog.getByLabel('Current password').fill('amber-canyon-5812');
  await passwordDialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(passwordDialog).toHaveCount(0);

  // Canceled: the membership offers a restart.
  await page.goto('/membership');
  await expect(page.getByRole('button', { name: 'Restart membership' })).toBeVisible();
  await capture(page, 'member-16-membership-canceled');
});

test('the frequency, cancel and cancel-reason pages ask a visitor to log in', async ({ page }) => {
  for (const path of ['/frequency', '/cancel', '/cancel-reason']) {
    await page.goto(path);
    await expect(page.getByText('Please log in to manage your membership.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
  }
  await capture(page, 'member-17-visitor-prompt');
});
