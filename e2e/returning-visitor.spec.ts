import { expect, test } from '@playwright/test';
import { forgetSession, newAccount, registerAndVerify, submitLogin } from './support/accounts.ts';
import { fillCard, fillShipping, quizShortWayToStep12 } from './support/journeys.ts';
import { captureScreens } from './support/screenshots.ts';

/**
 * A person who already has an account takes the quiz (docs/product.md#returning-visitors): they
 * are not asked to register again at step 12, only for their age, and go on to a paid membership.
 */
test('someone who signed up at /register and logged in takes the quiz and becomes a member', async ({
  page,
}) => {
  const account = await registerAndVerify(page, newAccount('returning'));
  await page.goto('/login');
  await submitLogin(page, account);
  await expect(page).not.toHaveURL(/\/login/);

  const next = await quizShortWayToStep12(page);

  // Step 12 knows who this is: no email or password fields, only the age the account lacks.
  await expect(page.getByText(`You are signed in as ${account.email}`)).toBeVisible();
  await expect(page.getByLabel('Email Address*')).toHaveCount(0);
  await expect(page.getByLabel('Password*', { exact: true })).toHaveCount(0);
  await expect(next).toBeDisabled();
  await captureScreens(page, 'quiz-step-12-signed-in');
  await page.getByLabel('Age*').selectOption('34');
  await next.click();

  await expect(page).toHaveURL(/\/result\/[^/]+$/);
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(/\/membership$/, { timeout: 30_000 });
  await expect(page.getByText(/It's not you, it's us/)).toHaveCount(0);
});

test("someone who logs back in finds the quiz from Membership's Not Active and from Change Preferences, and pays", async ({
  page,
}) => {
  const account = await registerAndVerify(page, newAccount('comeback'));
  await page.goto('/login');
  await submitLogin(page, account);
  await expect(page).not.toHaveURL(/\/login/);
  // The session ends, and they log back in later.
  await forgetSession(page);
  await page.goto('/login');
  await submitLogin(page, account);
  await expect(page).not.toHaveURL(/\/login/);

  // Profile's "Change Preferences" starts a quiz for an account that has none yet.
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Change Preferences' }).click();
  await expect(page).toHaveURL(/\/take-quiz\/1$/);

  // Membership says Not Active; Learn More leads into the quiz as well.
  await page.goto('/membership');
  await expect(page.getByRole('heading', { name: 'Not Active' })).toBeVisible();
  await captureScreens(page, 'membership-not-active-signed-in');
  await page.getByRole('link', { name: 'Learn More' }).click();
  await expect(page).toHaveURL(/\/take-quiz\/1$/);

  const next = await quizShortWayToStep12(page);
  await expect(page.getByText(`You are signed in as ${account.email}`)).toBeVisible();
  await expect(page.getByLabel('Email Address*')).toHaveCount(0);
  await page.getByLabel('Age*').selectOption('41');
  await next.click();

  await expect(page).toHaveURL(/\/result\/[^/]+$/);
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(/\/membership$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Not Active' })).toHaveCount(0);
  await expect(page.getByText(/It's not you, it's us/)).toHaveCount(0);
  await captureScreens(page, 'membership-after-returning-quiz');
});
