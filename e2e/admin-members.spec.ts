import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { forgetSession, submitLogin, verifyFromMail } from './support/accounts.ts';
import { expectAccessible, fillCard, fillShipping, finishQuizToCheckout } from './support/journeys.ts';
import { captureScreens } from './support/screenshots.ts';

/**
 * The operator's member tools (docs/product.md#back-office): a member who paid the first box with 4242 is
 * found by email, opened, and their first box refunded (the order shows Refunded); a coupon the
 * operator creates is then applied by that member in the cart checkout; a review is hidden; a contact
 * message is read and marked handled. Every admin page is captured at 390 and 1366 px.
 */

const OPERATOR = { email: 'admin@example.com', password: 'sample-first-operator' };

async function capture(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, name);
}

async function signInAt(page: Page, account: { email: string; password: string }, returnUrl: string) {
  await page.goto(`/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  await submitLogin(page, account);
  await expect(page).toHaveURL(new RegExp(`${returnUrl}$`));
}

async function openSection(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name, exact: true })
    .click();
}

/** The API as the signed-in page calls it (bearer token and the XSRF echo from its cookie). */
async function api(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('auth');
      const xsrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const res = await fetch(`/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(20_000),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path, body },
  );
}

test('the operator finds a member, refunds their first box, creates a coupon the member applies, hides a review and handles a message', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const tag = randomBytes(3).toString('hex');
  const couponCode = `SPRING${tag.toUpperCase()}`;
  const reviewText = `Chalky and far too sweet for me, sorry ${tag}.`;
  const messageText = `Where is my refund? ${tag}`;

  // A visitor becomes a member: quiz, sign-up, first box paid with 4242.
  const { account, orderId } = await finishQuizToCheckout(page, 'refund');
  await fillShipping(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(/\/membership$/);

  // As the member: a review of a product from the box, a tub in the cart, an issue report.
  const shop = await api(page, 'GET', '/product/GetShopProducts');
  expect(shop.status).toBe(200);
  const [productId] = (shop.body.subscribedToProducts as { id: number }[]).map((p) => p.id);
  expect(productId).toBeDefined();
  const saved = await api(page, 'POST', '/productReview/Save', {
    productId,
    rating: 1,
    description: reviewText,
    agreementConfirmation: true,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const added = await api(page, 'POST', `/cart/addToCart?productId=${productId}&cartId=0`);
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const cartId = added.body.id as string;
  const reported = await api(page, 'POST', '/membership/ReportIssue', {
    text: `The shaker lid was cracked on arrival ${tag}.`,
  });
  expect(reported.status).toBe(200);

  // Someone writes from the footer.
  const footer = page.getByRole('contentinfo');
  await page.goto('/');
  await footer.getByLabel('Name').fill(`Robin ${tag}`);
  await footer.getByLabel('Email').fill('robin@example.com');
  await footer.getByLabel('Message', { exact: true }).fill(messageText);
  await footer.getByRole('button', { name: 'Send' }).click();
  await expect(footer.getByText('Message sent!')).toBeVisible();

  // The operator signs in and searches the member.
  await forgetSession(page);
  await signInAt(page, OPERATOR, '/admin/members');
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await page.getByLabel('Search by email, name or order number').fill(account.email.toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(account.email) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Active');
  await expect(page.locator('.admin-table tbody tr')).toHaveCount(1);
  await expectAccessible(page, 'members');
  await capture(page, 'admin-members-01-search');

  // Their page: membership, the paid first box, the payment, the review.
  await row.getByRole('link', { name: account.email }).click();
  await expect(page.getByRole('heading', { name: account.email, level: 1 })).toBeVisible();
  const membership = page.getByRole('region', { name: /Membership/ });
  await expect(membership).toContainText('Discover Plan');
  const orders = page.getByRole('region', { name: /Orders/ });
  const orderRow = orders.getByRole('row').filter({ hasText: '#' }).first();
  await expect(orderRow).toContainText('Paid');
  await expect(page.getByRole('region', { name: /Payments/ })).toContainText('Succeeded');
  await expect(page.getByRole('region', { name: /Reviews/ })).toContainText(reviewText);
  await expectAccessible(page, 'member');
  await capture(page, 'admin-members-02-member');

  // Refund the first box in full; the order shows Refunded.
  await orderRow.getByRole('button', { name: /Refund order/ }).click();
  const form = page.getByRole('form', { name: /Refund order/ });
  await expect(form).toBeVisible();
  await form.getByLabel(/Amount/).fill('99999');
  await form.getByRole('button', { name: 'Refund amount' }).click();
  await expect(form.getByRole('alert')).toContainText('At most');
  await form.getByLabel(/Amount/).fill('');
  await expectAccessible(page, 'refund form');
  await capture(page, 'admin-members-03-refund-form');
  await form.getByRole('button', { name: 'Refund in full' }).click();
  await expect(form).toBeHidden();
  await expect(orders.getByRole('row').filter({ hasText: '#' }).first()).toContainText('Refunded');
  const refunds = page.getByRole('region', { name: /Refunds/ });
  await expect(refunds).toContainText('Succeeded');
  const paidOrder = await api(page, 'GET', `/admin/members/${page.url().split('/').pop()}`);
  expect(paidOrder.body.orders.find((o: { id: string }) => o.id === orderId).status).toBe('refunded');
  await capture(page, 'admin-members-04-refunded');

  // The member never verified the address: the operator sends the verification mail again.
  await page.getByLabel('Send again').selectOption('verify-email');
  await page.getByRole('button', { name: 'Send mail' }).click();
  await expect(page.getByText(`Email verification mail sent to ${account.email}.`)).toBeVisible();

  // A coupon.
  await openSection(page, 'Coupons');
  await expect(page.getByRole('heading', { name: 'Coupons', level: 1 })).toBeVisible();
  const couponForm = page.getByRole('form', { name: 'New coupon' });
  await couponForm.getByRole('button', { name: 'Create coupon' }).click();
  await expect(couponForm.getByText('Please enter a code.')).toBeVisible();
  await couponForm.getByLabel('Code').fill(couponCode.toLowerCase());
  await couponForm.getByLabel('Percent off (1-100)').fill('15');
  await couponForm.getByRole('button', { name: 'Create coupon' }).click();
  const couponRow = page.getByRole('row', { name: new RegExp(couponCode) });
  await expect(couponRow).toBeVisible();
  await expect(couponRow).toContainText('15% off');
  await expect(couponRow).toContainText('Active');
  await expectAccessible(page, 'coupons');
  await capture(page, 'admin-members-05-coupons');

  // Hide the member's review.
  await openSection(page, 'Reviews');
  await expect(page.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
  const reviewRow = page.getByRole('row').filter({ hasText: reviewText });
  await reviewRow.getByRole('button', { name: /^Hide the review/ }).click();
  await expect(reviewRow.getByRole('button', { name: /^Show the review/ })).toBeVisible();
  await expect(reviewRow).toContainText('Hidden');
  await expectAccessible(page, 'reviews');
  await capture(page, 'admin-members-06-reviews');

  // Issue reports.
  await openSection(page, 'Issue reports');
  await expect(page.getByRole('heading', { name: 'Issue reports', level: 1 })).toBeVisible();
  await expect(page.getByRole('article', { name: `Issue from ${account.email}` })).toBeVisible();
  await expectAccessible(page, 'issue reports');
  await capture(page, 'admin-members-07-issue-reports');

  // Read the contact message and mark it handled.
  await openSection(page, 'Messages');
  const message = page.getByRole('article', { name: `Robin ${tag}` });
  await expect(message).toContainText(messageText);
  await message.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.getByRole('article', { name: `Robin ${tag}` })).toBeHidden();
  // The filter lives in the URL: the radio turns checked after the navigation, not within click().
  const handledTab = page.getByRole('radio', { name: 'Handled' });
  await handledTab.click();
  await expect(handledTab).toBeChecked();
  await expect(page.getByRole('article', { name: `Robin ${tag}` })).toContainText('Handled');

  // The member verifies from the resent mail, signs in and applies the new coupon to the cart.
  await forgetSession(page);
  await verifyFromMail(page, account.email);
  await signInAt(page, account, '/membership');
  // In the cart checkout, as a member would (the cart's id is where the web app keeps it).
  await page.evaluate((id) => localStorage.setItem('cartId', id), cartId);
  await page.goto('/cart-checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await page.getByLabel('Coupon code').fill(couponCode.toLowerCase());
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.locator('.coupon-applied')).toContainText(couponCode);
  await expect(page.getByRole('row', { name: /Coupon/ })).toBeVisible();
  const cart = await api(page, 'GET', `/cart/GetItem?id=${cartId}`);
  expect(cart.status, JSON.stringify(cart.body)).toBe(200);
  expect(cart.body.couponCode).toBe(couponCode);
  expect(cart.body.couponDiscount).toBeGreaterThan(0);
});
