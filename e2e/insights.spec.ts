import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { submitLogin } from './support/accounts.ts';
import { becomeMember, expectAccessible } from './support/journeys.ts';
import { captureScreens } from './support/screenshots.ts';

/**
 * The operator's insights (docs/product.md#insights): a member joins through the quiz and the
 * checkout, then the operator opens Insights from the back office's navigation and sees the
 * member in the MRR, the quiz funnel as bars, the cohort grid, a table under each chart with a
 * CSV download, and the dashboard's period chooser, by keyboard as well.
 */

const OPERATOR = { email: 'admin@example.com', password: 'sample-first-operator' };

async function signInAt(page: Page, returnUrl: string) {
  await page.goto(`/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  await submitLogin(page, OPERATOR);
  await expect(page).toHaveURL(new RegExp(`${returnUrl}$`));
}

/** Dollars as the store writes them: "$1,234.50". */
const usd = (cents: number) =>
  `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;

interface Insights {
  mrrCents: number;
  quizFunnel: { steps: { step: number; reached: number }[]; paid: number };
}

test('the operator opens Insights and reads MRR, the funnel and the cohorts, and downloads a table', async ({
  page,
  context,
  request,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Other tests share this store's database: every figure is checked as what this test adds to
  // it (through the API, for one day), and the page must show the API's figures.
  const today = new Date().toISOString().slice(0, 10);
  // The operator's API calls have their own cookie jar: the login's XSRF cookie must not ride
  // along with the visitors' quiz calls below (the store refuses a write that carries it unechoed).
  const operatorApi = await playwright.request.newContext({ baseURL });
  const login = await operatorApi.post('/api/User/Login', {
    data: { emailAddress: OPERATOR.email, password: OPERATOR.password },
  });
  expect(login.status()).toBe(200);
  const operatorToken = ((await login.json()) as { token: string }).token;
  const insights = async (): Promise<Insights> => {
    const res = await operatorApi.get(`/api/admin/insights?from=${today}&to=${today}`, {
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(res.status()).toBe(200);
    return (await res.json()) as Insights;
  };
  const reached = (i: Insights, step: number) => i.quizFunnel.steps.find((s) => s.step === step)!.reached;
  const before = await insights();

  // A member on the 30-day schedule (the web app's default): $14.00 of MRR.
  await becomeMember(page, 'insights');
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());
  // Two visitors leave after step 3 (the web app names the step it saves).
  for (let i = 0; i < 2; i++) {
    const left = await request.post('/api/theQuiz/TakeQuiz', {
      data: { exerciseTypes: [0], exerciseFrequency: 1, fitnessGoals: [1], step: 3 },
    });
    expect(left.status()).toBe(200);
  }
  const after = await insights();
  expect(after.mrrCents - before.mrrCents).toBe(1400);
  // The member's quiz reached every step and paid; the two others stopped at step 3.
  for (const step of [1, 2, 3]) expect(reached(after, step) - reached(before, step)).toBe(3);
  for (const step of [4, 12]) expect(reached(after, step) - reached(before, step)).toBe(1);
  expect(after.quizFunnel.paid - before.quizFunnel.paid).toBe(1);

  await signInAt(page, '/admin');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/\/admin\/insights$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();

  const mrr = page.getByRole('definition').filter({ hasText: 'monthly run rate now' });
  await expect(mrr).toContainText(usd(after.mrrCents));
  await expect(
    page.getByRole('img', { name: /^MRR from/ }).or(page.getByText('Not enough days to draw.')),
  ).toBeVisible();

  // The same day as the API's figures, chosen beside the dates.
  await page.getByRole('textbox', { name: 'From', exact: true }).fill(today);
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(today);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));

  // The quiz funnel as bars, each with the API's count; the step most people leave after is
  // marked in words, not only by colour.
  const funnel = page.getByRole('list', { name: 'Quizzes reaching each step' });
  const bar = (name: string) => funnel.getByRole('listitem').filter({ hasText: name });
  await expect(funnel.getByRole('listitem')).toHaveCount(15);
  await expect(bar('1. Exercise types')).toContainText(`${reached(after, 1)} (100.0%)`);
  await expect(bar('4. Diet')).toContainText(`${reached(after, 4)} (`);
  await expect(bar('12. Sign-up')).toContainText(`${reached(after, 12)} (`);
  await expect(bar('Paid the first box')).toContainText(`${after.quizFunnel.paid} (`);
  await expect(bar('most leave after this')).toHaveCount(1);
  await expect(page.getByText(/Most people leave after step \d+ \(/)).toBeVisible();

  // This month's cohort holds the member.
  const month = new Date().toISOString().slice(0, 7);
  await expect(
    page.getByRole('group', { name: 'Cohort retention' }).getByRole('row', { name: new RegExp(month) }),
  ).toBeVisible();

  // The cancel reasons table lists the four reasons.
  await expect(page.getByRole('group', { name: 'Cancel reasons' }).getByRole('row')).toHaveCount(5);

  await expectAccessible(page);
  await captureScreens(page, 'admin-insights');

  // A CSV download of the quiz funnel's table.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Quiz funnel as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`insights-quiz-funnel-${today}-${today}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('stage,reached,share_of_started');
  expect(csv).toContain(`Paid the first box,${after.quizFunnel.paid},`);

  // The period by keyboard: the 90-day preset, then the MRR table opened with Enter.
  await page.getByRole('radio', { name: '90 days' }).focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole('radio', { name: '90 days' })).toBeChecked();
  await expect(mrr).toContainText(usd(after.mrrCents));
  const summary = page.getByText('Show as a table');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: 'MRR by day' })).toBeVisible();
  // Today's point: the live memberships' run rate (the line does not take pauses off).
  await expect(page.getByRole('group', { name: 'MRR by day' }).getByRole('row').last()).toContainText(today);

  // A period whose end is before its start is refused beside the dates.
  await page.getByRole('textbox', { name: 'From', exact: true }).fill('2027-03-10');
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('2027-03-01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The start must not be after the end.' }),
  ).toBeVisible();
});
