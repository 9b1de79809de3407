import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { followMailLink, newAccount, openMail, signUp, submitLogin } from './support/accounts.ts';
import { fillCard, fillShipping, finishQuizToCheckout } from './support/journeys.ts';

/**
 * Messages that must not mislead, mails and shipping, and an operator who packs and helps without
 * mistakes (docs/product.md#messages-on-screen, docs/look-and-trust.md#messages-where-people-look),
 * each at a phone's and a laptop's width. Screenshots go to test-results/screenshots/trust-*.
 */

const OPERATOR = { email: 'admin@example.com', password: 'sample-first-operator' };

const usDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
const DAY = 24 * 60 * 60 * 1000;

async function api(page: Page, path: string) {
  return page.evaluate(async (p) => {
    const res = await fetch(`/api${p}`, {
      headers: { authorization: `Bearer ${localStorage.getItem('auth')}` },
    });
    return res.json();
  }, path);
}

async function shot(page: Page, name: string, width: number) {
  await page.screenshot({ path: `test-results/screenshots/trust-${name}-${width}.png`, fullPage: true });
}

/** Rectangles of two elements overlap. */
function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** No visible control of the page lies under a snackbar that is showing. */
async function expectSnackbarsClearOfControls(page: Page) {
  const covered = await page.evaluate(() => {
    const stack = document.querySelector('.snackbars');
    const bars = Array.from(stack?.querySelectorAll('.snackbar') ?? []).map((b) => b.getBoundingClientRect());
    const hits: string[] = [];
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea'),
    );
    for (const control of controls) {
      if (stack?.contains(control)) continue;
      const r = control.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= window.innerHeight) continue;
      if (getComputedStyle(control).visibility === 'hidden') continue;
      for (const bar of bars) {
        if (r.left < bar.right && bar.left < r.right && r.top < bar.bottom && bar.top < r.bottom) {
          hits.push(control.textContent?.trim() || control.getAttribute('aria-label') || control.tagName);
        }
      }
    }
    return { bars: bars.length, hits };
  });
  expect(covered.bars).toBeGreaterThan(0);
  expect(covered.hits).toEqual([]);
}

async function operatorPage(browser: Browser, width: number): Promise<Page> {
  const page = await (
    await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 } })
  ).newPage();
  await page.goto(`/login?returnUrl=${encodeURIComponent('/admin')}`);
  await submitLogin(page, OPERATOR);
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

for (const width of [390, 1366]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 844 : 900 } });

    test('a verification link opened again says the address is verified; a wrong password is said beside the fields', async ({
      page,
    }) => {
      const account = newAccount(`verify-twice-${width}`);
      await signUp(page, account);
      await followMailLink(page, account.email, '/verification/');
      await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
      const link = page.url();
      // A second click on the mailed link (or a mail app that opened it first).
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Email already verified' })).toBeVisible();
      await expect(page.getByText('This email address is already verified')).toBeVisible();
      await expect(page.getByText('Verification failed, please contact support!')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
      await shot(page, 'verify-again', width);

      await page.goto('/login');
      await submitLogin(page, { ...account, password: 'not-the-password' });
      const form = page.getByRole('main');
      const alert = form.locator('.form-alert');
      await expect(alert).toContainText('The email or password is incorrect.');
      await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      // Not (only) a corner toast that is gone in 4 seconds: it stays beside the fields.
      await expect(page.getByRole('region', { name: 'Notifications' }).getByText('incorrect')).toHaveCount(0);
      await page.waitForTimeout(4_500);
      await expect(alert).toBeVisible();
      await shot(page, 'login-wrong-password', width);
    });

    test('a quiz member: step 1 needs an answer, the unpaid box is offered, verifying offers Membership, skip and pause confirm their dates, the box picker and review read naturally, another tab refreshes the cart', async ({
      page,
      context,
    }) => {
      test.setTimeout(240_000);
      // Quiz step 1 needs an answer before Next, like step 2.
      await page.goto('/take-quiz/1');
      const next = page.getByRole('button', { name: 'Next' });
      await expect(next).toBeDisabled();
      await page.getByRole('checkbox', { name: 'Running' }).check();
      await expect(next).toBeEnabled();

      const { account, orderId } = await finishQuizToCheckout(page, `trust-${width}`);
      // Took the quiz, never paid: Membership says what is waiting and leads back to it.
      await page.goto('/membership');
      const finish = page.getByRole('link', { name: 'Finish your first box' });
      await expect(finish).toHaveAttribute('href', `/checkout/${orderId}`);
      await expect(page.getByText('Your first box is waiting')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Learn More' })).toHaveCount(0);
      await shot(page, 'membership-unpaid', width);

      // Verifying while signed in offers the membership, not a login.
      await followMailLink(page, account.email, '/verification/');
      await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to your membership' })).toHaveAttribute(
        'href',
        '/membership',
      );
      await expect(page.getByText('Log in to get started')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
      await shot(page, 'verify-signed-in', width);

      await page.goto(`/checkout/${orderId}`);
      await fillShipping(page);
      await fillCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Confirm order' }).click();
      await expect(page).toHaveURL(/\/membership$/, { timeout: 30_000 });

      // Delivery schedule: the three labels stand apart on a phone too.
      await page.goto('/frequency');
      const labels = page.locator('.freq-schedule__label');
      await expect(labels).toHaveCount(3);
      const boxes = await Promise.all([0, 1, 2].map(async (i) => (await labels.nth(i).boundingBox())!));
      for (let i = 0; i < 2; i++) {
        expect(overlaps(boxes[i]!, boxes[i + 1]!)).toBe(false);
        expect(boxes[i + 1]!.x - (boxes[i]!.x + boxes[i]!.width)).toBeGreaterThanOrEqual(8);
      }

      // Skip asks first and names the date the next box moves to.
      const info = await api(page, '/Account/AuthInfo');
      const nextIso = info.subscription.isoutcNextBillingDate as string;
      const skippedTo = new Date(Date.parse(nextIso) + 30 * DAY).toISOString();
      await page.getByRole('button', { name: 'Skip next box' }).click();
      const confirm = page.getByRole('region', { name: 'Skip your next box?' });
      await expect(confirm).toContainText(`No box and no charge on ${usDate(nextIso)}.`);
      await expect(confirm).toContainText(`Your next box moves to ${usDate(skippedTo)}.`);
      await shot(page, 'skip-confirm', width);
      await confirm.getByRole('button', { name: 'Keep my box' }).click();
      expect((await api(page, '/Account/AuthInfo')).subscription.skippedBoxes).toBe(0);
      await page.getByRole('button', { name: 'Skip next box' }).click();
      await page.getByRole('button', { name: 'Yes, skip it' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Your next box is skipped.' })).toContainText(
        `Your next box is on ${usDate(skippedTo)}.`,
      );

      // A pause after the skip comes after it: it moves the date billing resumes.
      const resumes = new Date(Date.parse(skippedTo) + 30 * DAY).toISOString();
      await page.getByRole('button', { name: 'Pause', exact: true }).click();
      const pause = page.getByRole('region', { name: 'Pause for 1 box?' });
      await expect(pause).toContainText(`No box and no charge until ${usDate(resumes)}`);
      await pause.getByRole('button', { name: 'Yes, pause' }).click();
      await expect(page.getByText(`Paused until ${usDate(resumes)}.`)).toBeVisible();
      await shot(page, 'paused', width);
      await page.getByRole('button', { name: 'Resume now' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Your membership is active again.' }),
      ).toBeVisible();

      // A toast never covers the page's buttons.
      await page.getByText('Every 45 days').click();
      await page.getByRole('button', { name: 'Update Delivery Schedule' }).click();
      await expect(page.getByText('Delivery schedule updated!')).toBeVisible();
      await expectSnackbarsClearOfControls(page);
      await shot(page, 'schedule-toast', width);

      // The sample picker: a natural heading, add tiles that say what they add, nutrition facts.
      await page.goto(`/choose-samples/${orderId}`);
      await expect(page.getByRole('heading', { name: 'Choose your first sample', level: 1 })).toBeVisible();
      const add = page.getByRole('button', { name: /^Add to box: / });
      await expect(add.first()).toBeVisible();
      await expect(add.first()).toContainText('Add to box');
      const firstName = ((await add.first().getAttribute('aria-label')) ?? '').replace(/^Add to box: /, '');
      expect(firstName).toMatch(/, /);
      await shot(page, 'choose-first', width);
      await add.first().click();
      await expect(page.getByRole('heading', { name: 'Choose your second sample', level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: `Remove ${firstName}` })).toBeVisible();
      await page
        .getByRole('button', { name: /^See details of / })
        .first()
        .click();
      const facts = page.getByText('Nutrition Facts', { exact: true });
      await expect(facts).toBeVisible();
      await facts.click();
      await expect(page.getByRole('img', { name: /^Nutrition facts of / })).toBeVisible();
      await shot(page, 'sample-nutrition', width);

      // /review-box opens on the review itself.
      await page.goto('/review-box');
      await expect(page.getByRole('heading', { name: /^Your \w+ Box$/, level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Review / }).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Review my box' })).toHaveCount(0);
      await shot(page, 'review-box', width);

      // The shop's cards: every control's name holds the words it shows (axe, both sizes).
      await page.evaluate(() => localStorage.setItem('referralPopupShown', 'true'));
      await page.goto('/shop');
      const unlocked = page.getByRole('region', { name: 'Your unlocked tubs' }).getByRole('listitem');
      await expect(unlocked.first()).toBeVisible();
      const axe = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
      expect(axe.violations.map((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);

      // The cart changed in another tab: this tab's panel follows quietly, with no red error.
      await unlocked
        .first()
        .getByRole('button', { name: /^Add to cart: / })
        .click();
      const panel = page.getByRole('dialog', { name: 'MY CART' });
      await expect(panel.getByTestId('cart-quantity')).toHaveText(['1']);
      const productPage = (await unlocked.first().getByRole('link').getAttribute('href'))!;
      const other = await context.newPage();
      await other.goto(productPage);
      await other.getByRole('button', { name: 'ADD TO CART' }).click();
      await expect(other.getByRole('dialog', { name: 'MY CART' }).getByTestId('cart-quantity')).toHaveText([
        '2',
      ]);
      await expect(panel.getByTestId('cart-quantity')).toHaveText(['2']);
      await panel.getByRole('button', { name: /^Increase quantity of / }).click();
      await expect(panel.getByTestId('cart-quantity')).toHaveText(['3']);
      await expect(panel.getByRole('alert')).toHaveCount(0);
      await expect(page.getByText(/changed in another tab/)).toHaveCount(0);
      await other.close();
    });

    test('the operator packs by flavor, ships with a carrier link, and edits, pauses and finds the member', async ({
      page,
      browser,
    }) => {
      test.setTimeout(240_000);
      const { account, orderId } = await finishQuizToCheckout(page, `packed-${width}`);
      await fillShipping(page);
      await fillCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Confirm order' }).click();
      await expect(page).toHaveURL(/\/membership$/, { timeout: 30_000 });
      const order = await api(page, `/order/GetItem?id=${orderId}`);
      const expected = (
        order.items as { brandName: string; title: string; flavorSubCategoryText: string }[]
      ).map(
        (i) =>
          `${i.brandName} ${i.title}${i.title.toLowerCase().endsWith(i.flavorSubCategoryText.toLowerCase()) ? '' : `, ${i.flavorSubCategoryText}`}`,
      );
      const shown = `#${String(order.orderNumer).slice(-5)}`;

      const admin = await operatorPage(browser, width);
      // The box list names each sample with brand and flavor.
      await admin.goto('/admin/fulfilment');
      const tab = admin.getByRole('radio', { name: 'Build your box', exact: true });
      await tab.click();
      let row = admin.getByRole('row').filter({ hasText: account.email });
      await expect(row).toHaveCount(1);
      for (const name of expected) await expect(row).toContainText(name);
      await shot(admin, 'admin-box-list', width);
      await row.getByRole('checkbox').check();
      await admin.getByRole('button', { name: 'Mark assembled' }).click();
      await expect(admin.getByText('1 box marked assembled.')).toBeVisible();
      await admin.getByRole('radio', { name: 'Assembly', exact: true }).click();
      row = admin.getByRole('row').filter({ hasText: account.email });
      await row.getByRole('checkbox').check();
      await admin.getByRole('button', { name: 'Ship…' }).click();
      const ups = `1Z${randomBytes(8).toString('hex').toUpperCase()}`;
      await admin.getByLabel(/^Tracking number for order/).fill(ups);
      await admin.getByRole('button', { name: 'Mark shipped' }).click();
      await expect(admin.getByText('1 box shipped.')).toBeVisible();

      // The member: the tracking number links to UPS on Membership, the order page and the mail.
      await page.goto('/membership');
      const track = page.getByRole('link', { name: new RegExp(`^${ups} \\(track with UPS`) }).first();
      await expect(track).toHaveAttribute('href', `https://www.ups.com/track?tracknum=${ups}`);
      await shot(page, 'membership-tracking', width);
      await page.goto(`/order-detail/${orderId}`);
      await expect(page.getByRole('link', { name: new RegExp(`^${ups}`) })).toHaveAttribute(
        'href',
        `https://www.ups.com/track?tracknum=${ups}`,
      );
      await openMail(page, account.email);
      const mail = page.frameLocator('iframe[title^="Email: Your box #"]');
      await expect(mail.getByRole('link', { name: ups })).toHaveAttribute(
        'href',
        `https://www.ups.com/track?tracknum=${ups}`,
      );

      // The back office finds the order by its number, and the member page helps.
      await admin.goto('/admin/members');
      await admin.getByLabel('Search by email, name or order number').fill(shown);
      await admin.keyboard.press('Enter');
      const found = admin.getByRole('link', { name: account.email });
      await expect(found).toBeVisible();
      await found.click();
      const shipping = admin.getByRole('region', { name: 'Shipping address' });
      await expect(shipping).toContainText('1200 Barton Springs Rd');
      await expect(shipping).toContainText('Austin, TX 78704');
      await expect(admin.getByRole('region', { name: /^Orders/ })).toContainText('First box');
      await expect(admin.getByText('first_box')).toHaveCount(0);
      await shot(admin, 'admin-member', width);
      await shipping.getByRole('button', { name: 'Edit address' }).click();
      await shipping.getByLabel('Address', { exact: true }).fill('9 Harbor St');
      await shipping.getByLabel('City').fill('Portland');
      await shipping.getByLabel('State').selectOption('ME');
      await shipping.getByLabel('ZIP code').fill('041');
      await shipping.getByRole('button', { name: 'Save address' }).click();
      await expect(shipping.getByText('Zip code must be 5 or 9 digits')).toBeVisible();
      await shipping.getByLabel('ZIP code').fill('04101');
      await shipping.getByRole('button', { name: 'Save address' }).click();
      await expect(shipping).toContainText('Portland, ME 04101');
      const membership = admin.getByRole('region', { name: /^Membership/ });
      await membership.getByLabel('Pause for').selectOption('2');
      await membership.getByRole('button', { name: 'Pause membership' }).click();
      await expect(membership).toContainText('(paused 2)');
      await shot(admin, 'admin-member-edited', width);
      await admin.goto('/admin/audit');
      await expect(admin.locator('.admin-badge', { hasText: /^shipping_address$/ }).first()).toBeVisible();
      await expect(admin.locator('.admin-badge', { hasText: /^pause$/ }).first()).toBeVisible();
      await admin.context().close();
    });
  });
}
