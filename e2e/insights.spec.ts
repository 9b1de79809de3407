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

test('the operator opens Insights and reads MRR, the funnel and the cohorts, and downloads a table', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
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

  await signInAt(page, '/admin');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/\/admin\/insights$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();

  const mrr = page.getByRole('definition').filter({ hasText: 'monthly run rate now' });
  await expect(mrr).toContainText('$14.00');
  await expect(
    page.getByRole('img', { name: /^MRR from/ }).or(page.getByText('Not enough days to draw.')),
  ).toBeVisible();

  // The quiz funnel: the member's quiz reached every step and paid; two more stopped at step 3.
  const funnel = page.getByRole('list', { name: 'Quizzes reaching each step' });
  const bar = (name: string) => funnel.getByRole('listitem').filter({ hasText: name });
  await expect(funnel.getByRole('listitem')).toHaveCount(15);
  await expect(bar('1. Exercise types')).toContainText('3 (100.0%)');
  await expect(bar('3. Goals')).toContainText('3 (100.0%)');
  await expect(bar('4. Diet')).toContainText('1 (33.3%)');
  await expect(bar('12. Sign-up')).toContainText('1 (33.3%)');
  await expect(bar('Paid the first box')).toContainText('1 (33.3%)');
  // The step most people leave after is marked in words, not only by colour.
  await expect(bar('most leave after this')).toContainText('3. Goals');
  await expect(page.getByText('Most people leave after step 3 (Goals).')).toBeVisible();

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
  expect(download.suggestedFilename()).toMatch(
    /^insights-quiz-funnel-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('stage,reached,share_of_started');
  expect(csv).toContain('Paid the first box,1,0.3333');

  // The period by keyboard: the 90-day preset, then the MRR table opened with Enter.
  await page.getByRole('radio', { name: '90 days' }).focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole('radio', { name: '90 days' })).toBeChecked();
  await expect(mrr).toContainText('$14.00');
  const summary = page.getByText('Show as a table');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: 'MRR by day' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'MRR by day' }).getByRole('row').last()).toContainText(
    '$14.00',
  );

  // A period whose end is before its start is refused beside the dates.
  await page.getByRole('textbox', { name: 'From', exact: true }).fill('2027-03-10');
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('2027-03-01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The start must not be after the end.' }),
  ).toBeVisible();
});
