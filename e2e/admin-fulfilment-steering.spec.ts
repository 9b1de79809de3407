import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { openMail, submitLogin } from './support/accounts.ts';
import { becomeMember, expectAccessible } from './support/journeys.ts';
import { captureScreens } from './support/screenshots.ts';

/*
 * The operator packs what the members' steering put in a box
 * (docs/product.md#steering-your-membership): a renewal box with a full-size tub added to it, and
 * the replacement box of the "Bad Experience" offer. Both are on the box list, their packing lists
 * count samples and tubs apart, and both ship with a tracking number and the shipped mail, which
 * names the tub with its flavor and quantity.
 */

const DAY = 24 * 60 * 60 * 1000;
const OPERATOR = { email: 'admin@example.com', password: 'sample-first-operator' };

async function sweepAt(request: APIRequestContext, at: number) {
  const answer = await request.post(`/api/dev/sweep?at=${encodeURIComponent(new Date(at).toISOString())}`);
  expect(answer.status()).toBe(200);
}

async function operatorPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await page.goto(`/login?returnUrl=${encodeURIComponent('/admin/fulfilment')}`);
  await submitLogin(page, OPERATOR);
  await expect(page).toHaveURL(/\/admin\/fulfilment$/);
  return page;
}

async function stageTab(admin: Page, stage: string) {
  const tab = admin.getByRole('radio', { name: stage, exact: true });
  await tab.click();
  await expect(tab).toBeChecked();
}

test('the operator packs and ships a box with a tub added and a replacement box; the member is mailed', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const { account } = await becomeMember(page, 'packtubs');
  const paidAt = Date.now();

  // The member adds a full-size tub to the next box; the renewal a month later carries it.
  await page.goto('/shop');
  const addNext = page.getByRole('button', { name: /^Add to my next box: / }).first();
  await expect(addNext).toBeVisible();
  const tubName = ((await addNext.getAttribute('aria-label')) ?? '').replace(/^Add to my next box: /, '');
  await addNext.click();
  await expect(page.getByText(`${tubName} is in your next box`, { exact: false })).toBeVisible();
  await sweepAt(request, paidAt + 30 * DAY + 60_000);

  // Unhappy with the first box (shipped by the dev clock), the member takes the replacement offer.
  await page.goto('/cancel-reason');
  await page.getByRole('radio', { name: 'Bad Experience' }).check();
  await expect(page.getByRole('heading', { name: 'A replacement box on us' })).toBeVisible();
  await page.getByRole('button', { name: 'Take this offer' }).click();
  await expect(page.getByRole('heading', { name: 'Done: a replacement box on us' })).toBeVisible();

  // The operator: the renewal box is being built, its tub marked apart from its samples.
  const admin = await operatorPage(browser);
  await stageTab(admin, 'Build your box');
  const box = admin.getByRole('row').filter({ hasText: account.email });
  await expect(box).toHaveCount(1);
  await expect(box).toContainText('Full-size tub');
  await expect(box).toContainText('2 still to choose');
  const boxNumber = /#\d{5}/.exec((await box.textContent()) ?? '')![0];
  await box.getByRole('checkbox').check();
  await admin.getByRole('button', { name: 'Mark assembled' }).click();
  await expect(admin.getByText('1 box marked assembled.')).toBeVisible();

  // At Assembly: the renewal box and the replacement, one row each.
  await stageTab(admin, 'Assembly');
  const rows = admin.getByRole('row').filter({ hasText: account.email });
  await expect(rows).toHaveCount(2);
  const replacement = rows.filter({ hasText: 'Replacement (no charge)' });
  await expect(replacement).toHaveCount(1);
  await expect(replacement).not.toContainText('still to choose');
  await expect(replacement).not.toContainText('Full-size tub');
  await expectAccessible(admin, 'fulfilment list with a replacement and a tub');
  await captureScreens(admin, 'admin-fulfilment-steering-01-assembly-list');

  // Both packing lists: samples and tubs counted apart; the tub line marked with its quantity.
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await admin.getByRole('button', { name: 'Print packing lists' }).click();
  await expect(admin.getByRole('heading', { name: 'Packing lists', level: 1 })).toBeVisible();
  const slips = admin.getByRole('article', { name: /Packing list of order/ });
  await expect(slips).toHaveCount(2);
  const boxSlip = slips.filter({ hasText: 'Full-size tub' });
  await expect(boxSlip.locator('caption')).toHaveText('4 samples · 1 full-size tub');
  await expect(boxSlip.getByRole('row').filter({ hasText: '(Full-size tub)' })).toHaveCount(1);
  const replacementSlip = slips.filter({ hasText: 'Replacement box (no charge)' });
  await expect(replacementSlip.locator('caption')).toHaveText('4 samples');
  await expect(replacementSlip).toContainText('nothing is added');
  await expect(admin.getByText(/of 4 samples: mark it assembled/)).toHaveCount(0);
  await expectAccessible(admin, 'packing lists of a replacement and a box with a tub');
  await captureScreens(admin, 'admin-fulfilment-steering-02-packing-lists');

  // Ship both, a tracking number each.
  await admin.goBack();
  await stageTab(admin, 'Assembly');
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await admin.getByRole('button', { name: 'Ship…' }).click();
  await expect(admin.getByRole('heading', { name: 'Ship 2 boxes', exact: true })).toBeVisible();
  const fields = admin.getByLabel(/^Tracking number for order/);
  const numbers = [0, 1].map(() => `1Z${randomBytes(8).toString('hex').toUpperCase()}`);
  await fields.nth(0).fill(numbers[0]!);
  await fields.nth(1).fill(numbers[1]!);
  await admin.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(admin.getByText('2 boxes shipped.')).toBeVisible();
  await stageTab(admin, 'Shipping');
  await expect(admin.getByRole('row').filter({ hasText: account.email })).toHaveCount(2);

  // The member's mails: the replacement's, and the box's naming the tub under its own heading.
  await openMail(page, account.email);
  const list = page
    .getByRole('navigation', { name: 'Emails' })
    .getByRole('button')
    .filter({ hasText: account.email });
  await expect(list.filter({ hasText: /Your replacement box #\d{5} is on its way/ })).toHaveCount(1);
  await list.filter({ hasText: `Your box ${boxNumber} is on its way` }).click();
  const mail = page.frameLocator(`iframe[title^="Email: Your box ${boxNumber}"]`);
  await expect(mail.getByText('Full-size tubs in your box')).toBeVisible();
  await expect(mail.getByText(`1 × `, { exact: false })).toBeVisible();
  await page.getByText('Text version').click();
  await expect(page.locator('.mailbox__text pre')).toContainText('Full-size tubs in your box');
  await expect(page.locator('.mailbox__text pre')).toContainText(/1 × .+/);
  await captureScreens(page, 'admin-fulfilment-steering-03-shipped-mail');
});
