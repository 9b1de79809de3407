import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { newAccount } from './support/accounts.ts';
import { holdChunk } from './support/chunks.ts';
import { quizShortWayToStep12 } from './support/journeys.ts';
import { captureScreens } from './support/screenshots.ts';

const REFERRAL = 'FRIEND-CODE';

interface WireProduct {
  id: number;
  brandText: string;
  allergens: string[];
  diets: string[];
  proteinType: string;
}

function quizHeading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/** Asserts the quiz shows `step` with its progress and kept the referral code in the address. */
async function expectStep(page: Page, step: number, progress: number) {
  await expect(page).toHaveURL(new RegExp(`/take-quiz/${step}\\?referralCode=${REFERRAL}$`));
  await expect(page.getByText(`Step ${step} of 12`)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Quiz progress' })).toHaveAttribute(
    'aria-valuenow',
    String(progress),
  );
}

/** No serious or critical axe-core violation on what is on screen now. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious).toEqual([]);
}

async function readToken(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('auth') ?? '');
}

test('a new visitor takes the quiz, signs up and sees matches that respect the answers', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const account = newAccount('quiz');
  const next = page.getByRole('button', { name: 'Next' });
  const back = page.getByRole('link', { name: 'Back' });

  await page.goto(`/take-quiz/1?referralCode=${REFERRAL}`);

  // Step 1: several exercise types; keyboard works (Space toggles a focused option).
  await expect(quizHeading(page)).toHaveText('What kind of exercise do you do?');
  await expectStep(page, 1, 7);
  await expect(page.getByText('Select All That Apply')).toBeVisible();
  await expect(back).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Weight training' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Weight training' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Running' }).check();
  await page.getByRole('checkbox', { name: 'Running' }).uncheck();
  await expect(page.getByRole('checkbox', { name: 'Running' })).not.toBeChecked();
  await captureScreens(page, 'quiz-01-exercise-types');
  await expectAccessible(page);
  await next.click();

  // Step 2: one frequency; Next waits for an answer.
  await expectStep(page, 2, 14);
  await expect(next).toBeDisabled();
  await page.getByRole('radio', { name: '3-4 times a week' }).check();
  await captureScreens(page, 'quiz-02-frequency');
  await next.click();

  // Step 3: goals, with the lifestyle list beside them.
  await expectStep(page, 3, 21);
  await page.getByRole('checkbox', { name: 'Build muscle' }).check();
  await page.getByRole('checkbox', { name: 'More energy through the day' }).check();
  await captureScreens(page, 'quiz-03-goals');
  await next.click();

  // Step 4: vegan shows its notice once; it hides by itself after 5 s.
  await expectStep(page, 4, 28);
  const notice = page.getByRole('status').filter({ hasText: 'Heads up' });
  await page.getByRole('checkbox', { name: 'Vegan' }).check();
  await expect(notice).toContainText('whey');
  await captureScreens(page, 'quiz-04-diet-vegan-notice');
  await expect(notice).toBeHidden({ timeout: 7_000 });
  await page.getByRole('checkbox', { name: 'Vegan' }).uncheck();
  await page.getByRole('checkbox', { name: 'Vegan' }).check();
  await expect(notice).toHaveCount(0);
  await next.click();

  // Step 5: the lactose notice, closed by hand.
  await expectStep(page, 5, 35);
  await page.getByRole('checkbox', { name: 'Lactose intolerant' }).check();
  await expect(notice).toContainText('lactose-free');
  await captureScreens(page, 'quiz-05-restrictions-lactose-notice');
  // On a phone the notice sits above Back and Next and never covers them.
  await page.setViewportSize({ width: 390, height: 844 });
  const noticeBox = (await notice.boundingBox())!;
  for (const button of [next, page.getByRole('link', { name: 'Back' })]) {
    const box = (await button.boundingBox())!;
    const overlaps =
      box.x < noticeBox.x + noticeBox.width &&
      noticeBox.x < box.x + box.width &&
      box.y < noticeBox.y + noticeBox.height &&
      noticeBox.y < box.y + box.height;
    expect(overlaps).toBe(false);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: 'Close this notice' }).click();
  await expect(notice).toHaveCount(0);
  await next.click();

  // Step 6: exactly 4 flavors; a fifth is ignored.
  await expectStep(page, 6, 42);
  await expect(page.getByText('Choose exactly 4')).toBeVisible();
  await expect(next).toBeDisabled();
  for (const flavor of ['Chocolate', 'Vanilla', 'Strawberry'])
    await page.getByRole('checkbox', { name: flavor, exact: true }).check();
  await expect(next).toBeDisabled();
  // A disabled Next says why, to a screen reader too (its accessible description).
  await expect(next).toHaveAccessibleDescription('Choose 1 more flavor to continue.');
  await expect(page.getByText('Choose 1 more flavor to continue.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Peanut Butter', exact: true }).check();
  await expect(next).toBeEnabled();
  await expect(next).toHaveAccessibleDescription('');
  await page.getByRole('checkbox', { name: 'Banana', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Banana', exact: true })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(4);
  await expect(page.getByText('You can choose 4 at most.')).toBeVisible();
  await captureScreens(page, 'quiz-06-flavors');
  await expectAccessible(page);
  await next.click();

  // 6 -> 8, and Back from 8 returns to 6 with the flavors kept.
  await expectStep(page, 8, 56);
  await expect(quizHeading(page)).toHaveText('Have you tried protein powder before?');
  await back.click();
  await expectStep(page, 6, 42);
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(4);
  await next.click();
  await expectStep(page, 8, 56);

  // Yes leads through mixing (9) and liked brands (10); a liked brand is flagged on 11.
  await page.getByRole('radio', { name: 'Yes' }).check();
  await captureScreens(page, 'quiz-08-used-protein');
  await next.click();
  await expectStep(page, 9, 63);
  await page.getByRole('checkbox', { name: 'Almond, oat or soy milk' }).check();
  await captureScreens(page, 'quiz-09-mixing');
  await next.click();
  await expectStep(page, 10, 70);
  await expect(quizHeading(page)).toHaveText('Which of these brands have you used and enjoyed the most?');
  await page.getByRole('checkbox', { name: 'Verdant Roots' }).check();
  await captureScreens(page, 'quiz-10-liked-brands');
  await next.click();
  await expectStep(page, 11, 78);
  await expect(quizHeading(page)).toHaveText("Any brands you've disliked?");
  await expect(page.getByRole('checkbox', { name: /Verdant Roots/ })).toBeDisabled();
  await expect(page.locator('label', { hasText: 'Verdant Roots' })).toContainText('Liked');
  await captureScreens(page, 'quiz-11-disliked-brands');
  await expectAccessible(page);

  // Back to 8 and answer No: Next jumps 8 -> 11, skipping mixing and brands.
  await back.click();
  await expectStep(page, 10, 70);
  await back.click();
  await expectStep(page, 9, 63);
  await back.click();
  await expectStep(page, 8, 56);
  await page.getByRole('radio', { name: 'No' }).check();
  await next.click();
  await expectStep(page, 11, 78);
  await expect(page.getByRole('checkbox', { name: /Verdant Roots/ })).toBeEnabled();
  await page.getByRole('checkbox', { name: 'Ironclad Nutrition' }).check();

  // A reload mid-quiz keeps the answers.
  await page.reload();
  await expectStep(page, 11, 78);
  await expect(page.getByRole('checkbox', { name: 'Ironclad Nutrition' })).toBeChecked();
  await next.click();

  // Step 12: Back goes to 8 when protein was never used.
  await expectStep(page, 12, 88);
  await expect(quizHeading(page)).toHaveText('Almost Done...');
  await back.click();
  await expectStep(page, 8, 56);
  await next.click();
  await expectStep(page, 11, 78);
  await next.click();
  await expectStep(page, 12, 88);

  // Registration: Next waits for email, both passwords and an age.
  await expect(page.getByLabel('Age*')).toHaveValue('0');
  await expect(next).toBeDisabled();
  await page.getByLabel('Email Address*').fill(account.email);
  await page.getByLabel('Password*', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password*').fill(account.password);
  await expect(next).toBeDisabled();
  await page.getByLabel('Age*').selectOption('29');
  await expect(next).toBeEnabled();
  await captureScreens(page, 'quiz-12-registration');
  await expectAccessible(page);
  await next.click();

  // Results: signed in, at least 2 cards, the sample-packet note, Continue to checkout.
  await expect(page).toHaveURL(/\/result\/[^/?]+$/);
  const quizId = page.url().split('/result/')[1]!;
  await expect(page.getByRole('progressbar', { name: 'Quiz progress' })).toHaveAttribute(
    'aria-valuenow',
    '95',
  );
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(2);
  await expect(page.getByText('sample packets, not full-size tubs')).toBeVisible();
  const continueLink = page.getByRole('link', { name: 'Continue' });
  await expect(continueLink).toHaveAttribute('href', /^\/checkout\/[^/]+$/);
  const orderId = (await continueLink.getAttribute('href'))!.split('/checkout/')[1]!;
  await captureScreens(page, 'quiz-13-results');
  await expectAccessible(page);

  // The matches respect the answers: vegan and lactose-free (no milk), not the disliked brand.
  const token = await readToken(page);
  expect(token).not.toBe('');
  const products = await page.evaluate(
    async ({ quizId, token }) => {
      const res = await fetch(`/api/product/GetQuizProducts?quizId=${quizId}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return (await res.json()) as unknown;
    },
    { quizId, token },
  );
  const matched = products as WireProduct[];
  expect(matched.length).toBe(await cards.count());
  for (const product of matched) {
    expect(product.allergens).not.toContain('Milk');
    expect(product.diets).toContain('Vegan');
    expect(product.brandText).not.toBe('Ironclad Nutrition');
  }

  // LEARN MORE opens the product with BACK to these results.
  await cards
    .first()
    .getByRole('link', { name: /Learn more/i })
    .click();
  await expect(page).toHaveURL(new RegExp(`/product-detail/\\d+\\?viewResult=${quizId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('s')).toBeVisible();
  await page.getByText('Nutrition Facts').click();
  await captureScreens(page, 'quiz-14-product-detail');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'BACK', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/result/${quizId}$`));
  await expect(cards).toHaveCount(matched.length);

  // The plan-choice screen for the same order.
  await page.goto(`/subscribe/${orderId}`);
  await expect(
    page.getByRole('heading', { name: 'Sample Your Protein Powder, Never Guess Again' }),
  ).toBeVisible();
  await expect(page.getByText('$14.00')).toBeVisible();
  await expect(page.getByText('Cancel anytime. Only available in the U.S.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'NEXT' })).toHaveAttribute('href', `/checkout/${orderId}`);
  await captureScreens(page, 'quiz-15-plan-choice');
  await expectAccessible(page);

  // Editing the saved quiz: no registration step, answers loaded, and Done on step 11 goes to the profile.
  await page.goto(`/take-quiz/12/${quizId}`);
  await expect(page).toHaveURL(new RegExp(`/take-quiz/1/${quizId}$`));
  await expect(page.getByText('Step 1 of 11')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Weight training' })).toBeChecked();
  await page.goto(`/take-quiz/11/${quizId}`);
  await expect(page.getByRole('checkbox', { name: 'Ironclad Nutrition' })).toBeChecked();
  await captureScreens(page, 'quiz-17-edit-done');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // Someone else registering with the same email is sent to log in.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/take-quiz/6');
  for (const flavor of ['Chocolate', 'Vanilla', 'Coffee & Mocha', 'Banana']) {
    await otherPage.getByRole('checkbox', { name: flavor, exact: true }).check();
  }
  await otherPage.getByRole('button', { name: 'Next' }).click();
  await otherPage.getByRole('radio', { name: 'No' }).check();
  await otherPage.getByRole('button', { name: 'Next' }).click();
  await expect(otherPage).toHaveURL(/\/take-quiz\/11$/);
  await otherPage.getByRole('button', { name: 'Next' }).click();
  await expect(otherPage).toHaveURL(/\/take-quiz\/12$/);
  await otherPage.getByLabel('Email Address*').fill(account.email);
  await otherPage.getByLabel('Password*', { exact: true }).fill(account.password);
  await otherPage.getByLabel('Confirm Password*').fill(account.password);
  await otherPage.getByLabel('Age*').selectOption('40');
  await otherPage.getByRole('button', { name: 'Next' }).click();
  const problem = otherPage.getByRole('alert');
  await expect(problem).toContainText('An account with this email already exists. Please log in instead.');
  await expect(problem.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  await captureScreens(otherPage, 'quiz-16-email-taken');
  await expectAccessible(otherPage);
  await other.close();
});

test.describe('the registration rules, fetched once the quiz has hydrated', () => {
  test('a sign-up sent while they are on their way is checked when they arrive, once', async ({ page }) => {
    const release = await holdChunk(page, '**/assets/registration-rules-*.js');
    const next = await quizShortWayToStep12(page);
    const saves = takeQuizCallsOf(page);
    await page.getByLabel('Email Address*').fill('sam@nowhere');
    await page.getByLabel('Password*', { exact: true }).fill('tasty-samples-42');
    await page.getByLabel('Confirm Password*').fill('tasty-samples-42');
    await page.getByLabel('Age*').selectOption('31');
    await next.click();
    await next.click();
    await expect(page.getByText('Please enter a valid email.')).toHaveCount(0);

    release();
    await expect(page.getByText('Please enter a valid email.')).toBeVisible();
    await expect(page.getByLabel('Email Address*')).toBeFocused();
    await expect(page).toHaveURL(/\/take-quiz\/12$/);
    expect(saves).toEqual([]);
  });

  test('rules that cannot load leave the check to the server, and the visitor stays on the step', async ({
    page,
  }) => {
    await page.route('**/assets/registration-rules-*.js', (route) => route.abort());
    const next = await quizShortWayToStep12(page);
    await page.getByLabel('Email Address*').fill('sam@nowhere');
    await page.getByLabel('Password*', { exact: true }).fill('tasty-samples-42');
    await page.getByLabel('Confirm Password*').fill('tasty-samples-42');
    await page.getByLabel('Age*').selectOption('31');
    const answer = page.waitForResponse(/\/api\/thequiz\/takequiz/i);
    await next.click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByText('Please enter a valid email.')).toBeVisible();
    await expect(page).toHaveURL(/\/take-quiz\/12$/);
  });
});

/** The quiz saves the page sends from now on, as they leave the browser. */
function takeQuizCallsOf(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/thequiz\/takequiz/i.test(request.url())) calls.push(request.url());
  });
  return calls;
}
