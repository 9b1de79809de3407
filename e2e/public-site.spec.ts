import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { registerAndVerify, submitLogin } from './support/accounts.ts';
import { holdChunk } from './support/chunks.ts';
import { captureScreens } from './support/screenshots.ts';

const PHONE = { width: 390, height: 844 };

/** No serious or critical axe-core violation on what is on screen now. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious).toEqual([]);
}

function slideDot(page: Page, n: number) {
  return page.getByRole('button', { name: `Show slide ${n} of 2` });
}

async function expectSlide(page: Page, n: number) {
  await expect(slideDot(page, n)).toHaveAttribute('aria-current', 'true');
}

/** A drag across the carousel with a pointer, `dx` pixels to the right (negative: to the left). */
async function swipe(page: Page, dx: number) {
  const box = (await page.getByTestId('carousel-viewport').boundingBox())!;
  // Over the picture, away from the call to action.
  const y = box.y + box.height * 0.25;
  const x = box.x + box.width / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y);
  await page.mouse.move(x + dx, y);
  await page.mouse.up();
}

async function blur(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

interface MailboxEntry {
  kind: string;
  to: string;
  subject: string;
  text: string;
}

async function mailbox(page: Page): Promise<MailboxEntry[]> {
  const res = await page.request.get('/api/dev/mailbox');
  expect(res.ok()).toBe(true);
  return (await res.json()) as MailboxEntry[];
}

test.describe('home page', () => {
  test('the phone carousel advances every 5 s, pauses on hover, and a swipe over 50 px toggles', async ({
    page,
  }) => {
    await page.clock.install();
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await page.mouse.move(5, PHONE.height - 5);
    await expectSlide(page, 1);

    await page.clock.runFor(4_900);
    await expectSlide(page, 1);
    await page.clock.runFor(200);
    await expectSlide(page, 2);
    await page.clock.runFor(5_000);
    await expectSlide(page, 1);

    // Hovering holds the slide; leaving starts a fresh 5 s.
    await page.getByTestId('carousel-viewport').hover();
    await page.clock.runFor(12_000);
    await expectSlide(page, 1);
    await page.mouse.move(5, PHONE.height - 5);
    await page.clock.runFor(5_100);
    await expectSlide(page, 2);

    // Swipes: 30 px changes nothing, over 50 px toggles either way, and the link under the pointer is not followed.
    await swipe(page, -30);
    await expectSlide(page, 2);
    await swipe(page, -80);
    await expectSlide(page, 1);
    await swipe(page, 80);
    await expectSlide(page, 2);
    await expect(page).toHaveURL(/\/$/);

    // The dots and the pause button work from the keyboard too.
    await slideDot(page, 1).focus();
    await page.keyboard.press('Enter');
    await expectSlide(page, 1);
    await page.getByRole('button', { name: 'Pause slides' }).click();
    await page.mouse.move(5, PHONE.height - 5);
    await blur(page);
    await page.clock.runFor(11_000);
    await expectSlide(page, 1);
    await page.getByRole('button', { name: 'Play slides' }).click();
    await page.mouse.move(5, PHONE.height - 5);
    await blur(page);
    await page.clock.runFor(5_100);
    await expectSlide(page, 2);
  });

  test('after a page change, focus moves to the new page heading (not the document body)', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await captureScreens(page, 'home-01-top');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeFocused();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('every call to action leads to the first quiz step', async ({ page }) => {
    for (const size of [PHONE, { width: 1366, height: 900 }]) {
      await page.setViewportSize(size);
      await page.goto('/');
      const ctas = page.getByRole('main').getByRole('link');
      // count() does not wait: let the lazily loaded page render its links first.
      await expect(ctas.first()).toBeVisible();
      const count = await ctas.count();
      expect(count).toBeGreaterThanOrEqual(4);
      for (let i = 0; i < count; i++) {
        const link = ctas.nth(i);
        if (!(await link.isVisible())) continue;
        await expect(link).toHaveAttribute('href', '/take-quiz/1');
      }
    }
    await page.getByRole('main').getByRole('link', { name: 'Take the quiz' }).first().click();
    await expect(page).toHaveURL(/\/take-quiz\/1$/);
  });

  test('shows How It Works in 3 steps, the configured price and the questionnaire clip', async ({ page }) => {
    await page.goto('/');
    const howItWorks = page.locator('#how-it-works');
    await expect(howItWorks.getByRole('heading', { level: 3 })).toHaveText([
      'Step 1: Take the questionnaire',
      'Step 2: Try your samples',
      'Step 3: Buy your next tub',
    ]);
    await expect(page.locator('.plan-card__amount')).toHaveText('$14.00 / box');
    await expect(page.getByText('+ $2.99 handling')).toBeVisible();
    await expect(page.getByText('$12.99')).toHaveCount(0);

    // The clip starts once on screen and can be paused.
    await page.locator('.quiz-clip').scrollIntoViewIfNeeded();
    const pause = page.getByRole('button', { name: 'Pause the quiz preview' });
    await expect(pause).toBeVisible();
    await pause.click();
    await expect(page.getByRole('button', { name: 'Play the quiz preview' })).toBeVisible();

    // No broken images anywhere on the page.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect
      .poll(() =>
        page.evaluate(() =>
          Array.from(document.images)
            .filter((img) => img.complete && img.naturalWidth === 0)
            .map((img) => img.src),
        ),
      )
      .toEqual([]);
  });

  test('under reduced motion the carousel, the slogans and the clip hold still', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce', viewport: PHONE });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto('/');
    await page.mouse.move(5, PHONE.height - 5);
    await page.clock.runFor(11_000);
    await expectSlide(page, 1);
    expect(
      await page.locator('.slogan-banner__track').evaluate((el) => getComputedStyle(el).animationName),
    ).toBe('none');
    await page.locator('.quiz-clip').scrollIntoViewIfNeeded();
    await page.clock.runFor(2_000);
    await expect(page.getByRole('button', { name: 'Play the quiz preview' })).toBeVisible();
    await expect(page.locator('.quiz-clip__poster')).toBeVisible();
    await context.close();
  });

  test('the FAQ opens and closes each item on its own, by mouse and keyboard', async ({ page }) => {
    await page.goto('/');
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const buttons = faq.getByRole('button');
    await expect(buttons).toHaveCount(4);
    for (let i = 0; i < 4; i++) await expect(buttons.nth(i)).toHaveAttribute('aria-expanded', 'false');

    const returns = faq.getByRole('button', { name: 'Can I return a box?' });
    await returns.click();
    await expect(returns).toHaveAttribute('aria-expanded', 'true');
    const panelId = await returns.getAttribute('aria-controls');
    await expect(page.locator(`[id="${panelId}"]`)).toContainText('boxes are non-returnable');

    const manage = faq.getByRole('button', { name: 'How do I manage or cancel my plan?' });
    await manage.focus();
    await page.keyboard.press('Enter');
    await expect(manage).toHaveAttribute('aria-expanded', 'true');
    await expect(returns).toHaveAttribute('aria-expanded', 'true');

    await returns.focus();
    await page.keyboard.press('Space');
    await expect(returns).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator(`[id="${panelId}"]`)).toBeHidden();
    await expect(manage).toHaveAttribute('aria-expanded', 'true');
  });

  test('is accessible and sets its title, description, social card and canonical link', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Sample First');
    const head = page.locator('head');
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary');
    await expect(head.locator('meta[name="keywords"]')).toHaveAttribute(
      'content',
      /protein powder samples, /,
    );
    await expect(head.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /^http.*\/site\/social-card\.jpg$/,
    );
    await expect(head.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', /sample packets/);
    const description = await head.locator('meta[name="twitter:description"]').getAttribute('content');
    expect(description!.length).toBeLessThanOrEqual(158);

    for (const size of [PHONE, { width: 1366, height: 900 }]) {
      await page.setViewportSize(size);
      await page.goto('/');
      await expectAccessible(page);
    }
    await captureScreens(page, 'public-home');

    // Moving to a page without a canonical URL removes the link.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Partner Request' }).click();
    await expect(page).toHaveTitle('Become an Ambassador! | Sample First');
    await expect(head.locator('link[rel="canonical"]')).toHaveCount(0);
  });
});

test.describe('footer contact form', () => {
  test('sends a message: spinner, then "Message sent!" and empty fields; the store gets the mail', async ({
    page,
  }) => {
    await page.goto('/privacy-policy');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    await expect(footer.getByRole('link', { name: 'Partner Request' })).toHaveAttribute(
      'href',
      '/influencer',
    );
    for (const network of ['Instagram', 'TikTok']) {
      const link = footer.getByRole('link', { name: new RegExp(`on ${network}`) });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }

    const name = footer.getByLabel('Name');
    const email = footer.getByLabel('Email');
    const text = footer.getByLabel('Message', { exact: true });
    const unique = `Do you ship to Alaska? ${Date.now()}`;

    // With a field empty, submit does nothing.
    let posts = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/contact/SendContactEmail')) posts++;
    });
    await name.fill('Dana Whitaker');
    await text.fill(unique);
    await footer.getByRole('button', { name: 'Send' }).click();
    await expect(footer.getByRole('status').filter({ hasText: 'Message sent!' })).toHaveCount(0);
    expect(posts).toBe(0);

    // Slow the answer a little so the loading state can be seen.
    await page.route('**/api/contact/SendContactEmail', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await email.fill('dana@example.com');
    await footer.getByRole('button', { name: 'Send' }).click();
    await expect(footer.getByText('Sending your message')).toBeAttached();
    await expect(footer.getByRole('button', { name: 'Send' })).toHaveCount(0);
    await expect(footer.getByText('Message sent!')).toBeVisible();
    await expect(name).toHaveValue('');
    await expect(email).toHaveValue('');
    await expect(text).toHaveValue('');
    expect(posts).toBe(1);

    await expect
      .poll(async () => (await mailbox(page)).some((m) => m.kind === 'contact' && m.text.includes(unique)))
      .toBe(true);
  });

  test('a failure stops the spinner, shows no message and keeps what was typed', async ({ page }) => {
    await page.route('**/api/contact/SendContactEmail', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"service_unavailable"}' }),
    );
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('Name').fill('Dana');
    await footer.getByLabel('Email').fill('dana@example.com');
    await footer.getByLabel('Message', { exact: true }).fill('Hello?');
    await footer.getByRole('button', { name: 'Send' }).click();
    await expect(footer.getByRole('button', { name: 'Send' })).toBeEnabled();
    await expect(footer.getByText('Message sent!')).toHaveCount(0);
    await expect(footer.getByLabel('Message', { exact: true })).toHaveValue('Hello?');
  });
});

test.describe('ambassador application', () => {
  test('shows the rules live and on submit, then thanks the applicant', async ({ page }) => {
    await page.goto('/influencer');
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1, name: 'Become an Ambassador!' })).toBeVisible();
    await expect(page).toHaveTitle('Become an Ambassador! | Sample First');

    // Live, once a field has text.
    await main.getByLabel('Email').fill('maya@example');
    await expect(main.getByText('Please enter a valid email address')).toBeVisible();
    await main.getByLabel('Phone number').fill('512-555');
    await expect(main.getByText('Please enter a valid phone number')).toBeVisible();
    await expect(main.getByText('First name is required')).toHaveCount(0);

    // Emptied fields and untouched ones all speak up on submit.
    await main.getByLabel('Email').fill('');
    await main.getByLabel('Phone number').fill('');
    await main.getByRole('button', { name: 'Submit application' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone number is required',
    ]) {
      await expect(main.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(main.getByLabel('First name')).toBeFocused();
    await expectAccessible(page);
    await captureScreens(page, 'public-influencer-errors');

    await main.getByLabel('First name').fill('Maya');
    await main.getByLabel('Last name').fill('Torres');
    await main.getByLabel('Fitness type').fill('Powerlifting');
    await main.getByLabel('Email').fill('maya.torres@example.com');
    await main.getByLabel('Phone number').fill('(512) 555-0142');
    await main.getByLabel('Instagram').fill('@mayalifts');
    await expect(main.getByText('Please enter a valid phone number')).toHaveCount(0);
    await main.getByRole('button', { name: 'Submit application' }).click();
    await expect(main.getByRole('status')).toHaveText(/^Thanks for applying! We'll reach out/);
    await expectAccessible(page);
    await captureScreens(page, 'public-influencer-sent');

    await expect
      .poll(async () =>
        (await mailbox(page)).some((m) => m.kind === 'partner-request' && m.text.includes('@mayalifts')),
      )
      .toBe(true);
  });

  test('a submit while the rules are on their way is checked when they arrive, and sends nothing', async ({
    page,
  }) => {
    const sent = partnerRequestsOf(page);
    const release = await holdChunk(page, '**/assets/partner-rules-*.js');
    await page.goto('/influencer');
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill('maya@example');
    await main.getByRole('button', { name: 'Submit application' }).click();
    await main.getByRole('button', { name: 'Submit application' }).click();
    await expect(main.getByText('First name is required')).toHaveCount(0);

    release();
    await expect(main.getByText('First name is required', { exact: true })).toBeVisible();
    await expect(main.getByText('Please enter a valid email address')).toBeVisible();
    await expect(main.getByLabel('First name')).toBeFocused();
    expect(sent).toEqual([]);
  });

  test('two clicks on a right application while the rules are on their way send it once', async ({
    page,
  }) => {
    const sent = partnerRequestsOf(page);
    const release = await holdChunk(page, '**/assets/partner-rules-*.js');
    await page.goto('/influencer');
    const main = page.getByRole('main');
    await fillApplication(main, 'maya.twice@example.com');
    await main.getByRole('button', { name: 'Submit application' }).click();
    await main.getByRole('button', { name: 'Submit application' }).click();
    expect(sent).toEqual([]);
    release();
    await expect(main.getByRole('status')).toHaveText(/^Thanks for applying!/);
    expect(sent).toHaveLength(1);
  });

  test('rules that cannot load leave the check to the server, whose messages show under the fields', async ({
    page,
  }) => {
    await page.route('**/assets/partner-rules-*.js', (route) => route.abort());
    await page.goto('/influencer');
    const main = page.getByRole('main');
    await fillApplication(main, 'maya@example');
    const answer = page.waitForResponse(/\/api\/user\/submitpartnerrequest/i);
    await main.getByRole('button', { name: 'Submit application' }).click();
    expect((await answer).status()).toBe(400);
    await expect(main.getByText('Please enter a valid email address')).toBeVisible();
    await expect(main.getByRole('status')).toHaveCount(0);
  });
});

/** The ambassador form's required fields, with `email` as given. */
async function fillApplication(main: Locator, email: string) {
  await main.getByLabel('First name').fill('Maya');
  await main.getByLabel('Last name').fill('Torres');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Phone number').fill('(512) 555-0142');
}

/** The ambassador applications the page sends, as they leave the browser. */
function partnerRequestsOf(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/user\/submitpartnerrequest/i.test(request.url())) calls.push(request.url());
  });
  return calls;
}

test.describe('unsubscribe', () => {
  test('a link without a token fails at once', async ({ page }) => {
    await page.goto('/unsubscribe');
    await expect(page.getByRole('heading', { name: 'Unsubscribe Error' })).toBeVisible();
    await expect(page.getByText('Invalid unsubscribe link. Token is missing.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(page).toHaveTitle('Email Preferences | Sample First');
  });

  test('an unknown or expired token shows the error and the log-in button', async ({ page }) => {
    await page.goto('/unsubscribe/not-a-real-token');
    await expect(page.getByRole('heading', { name: 'Unsubscribe Error' })).toBeVisible();
    await expect(
      page.getByText('Unable to process your unsubscribe request. The link may have expired.'),
    ).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'public-unsubscribe-error');
  });

  test('the link of the welcome email unsubscribes (the person ticked "Email me news and offers")', async ({
    page,
  }) => {
    const account = await registerAndVerify(page, undefined, { optIn: true });
    let link: string | undefined;
    await expect
      .poll(async () => {
        const welcome = (await mailbox(page)).find((m) => m.kind === 'welcome' && m.to === account.email);
        link = welcome?.text.match(/https?:\/\/\S+(\/unsubscribe\/[^\s]+)/)?.[1];
        return link;
      })
      .toBeTruthy();

    // Hold the answer so the spinner can be seen.
    await page.route('**/api/User/Unsubscribe*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.goto(link!);
    await expect(page.getByText('Updating your email preferences')).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Successfully Unsubscribed' })).toBeVisible();
    await expect(page.getByText(/change your email preferences at any time after logging in/)).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'public-unsubscribe-success');
  });
});

test.describe('privacy policy', () => {
  test('has 15 numbered sections with a table of contents and the update date', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText('Last updated April 3rd, 2025')).toBeVisible();
    const toc = page.getByRole('navigation', { name: 'Contents' });
    await expect(toc.getByRole('link')).toHaveCount(15);
    const sections = page.locator('.privacy__body').getByRole('heading', { level: 2 });
    await expect(sections).toHaveCount(15);
    await expect(sections.first()).toHaveText(/^1\. /);
    await expect(sections.last()).toHaveText(/^15\. /);
    for (const topic of [
      'Children under 13',
      'Teens aged 13 to 17',
      'Do Not Track',
      'Deleting your account',
    ]) {
      await expect(page.getByRole('heading', { name: new RegExp(topic) })).toBeVisible();
    }
    await expect(page.getByText(/does not respond to Do Not Track signals/)).toBeVisible();
    await expect(page.getByText(/California Consumer Privacy Act/)).toBeVisible();

    await toc.getByRole('link', { name: 'Deleting your account' }).click();
    await expect(page).toHaveURL(/#privacy-14$/);
    await expect(page.getByRole('heading', { name: '14. Deleting your account' })).toBeInViewport();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/privacy-policy$/);

    await page.goto('/privacy-policy');
    await expectAccessible(page);
    await captureScreens(page, 'public-privacy-policy');
  });
});

test.describe('plans and pre-order', () => {
  test('compares Flex and Max; signed out, pre-order leads to log in and back', async ({ page }) => {
    await page.goto('/subscriptions-learn-more');
    await expect(page.getByRole('heading', { name: 'Personalize Your Fuel' })).toBeVisible();
    const flex = page.getByRole('article', { name: 'Flex' });
    const max = page.getByRole('article', { name: 'Max' });
    await expect(flex).toContainText('1 tub per delivery');
    await expect(flex).toContainText('15-20% off per tub');
    await expect(max).toContainText('4 tubs prepaid');
    await expect(max).toContainText('30-35% off per tub');
    await expect(max).toContainText('Buy 4-Get-1 Free');
    await expect(flex).toContainText('Delivery every 30, 45 or 60 days');
    await expectAccessible(page);
    await captureScreens(page, 'public-learn-more');

    await max.getByRole('link', { name: 'Pre-order Max' }).click();
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fsubscriptions-learn-more$/);
  });

  test('signed in, pre-order opens its checkout; an unknown order shows a friendly state', async ({
    page,
  }) => {
    const account = await registerAndVerify(page);
    await page.goto('/login');
    await submitLogin(page, account);
    await expect(page).toHaveURL(/\/membership$/);

    await page.goto('/subscriptions-learn-more');
    const flex = page.getByRole('article', { name: 'Flex' });
    await flex.getByRole('button', { name: 'Pre-order Flex' }).click();
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);

    await page.goto('/order-detail/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'We could not find that order' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Membership' })).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'public-order-detail-missing');

    // The layout with an order: the order call is answered here because pre-order payment comes later.
    await page.route('**/api/order/GetItem*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          id: 'f1c2',
          kind: 'pre_order',
          status: 'paid',
          statusName: 'Processing',
          items: [],
          discount: 0,
          trackingNumber: null,
          orderNumer: '10000421',
          orderNumberLast4: '00421',
          price: 89.99,
          subTotal: 89.99,
          taxAmount: 7.42,
          handlingFee: 2.99,
          total: 100.4,
          last4Digits: '4242',
          identity: {
            emailAddress: account.email,
            displayName: 'Maya Torres',
            shippingAddress: {
              street: '1200 Barton Springs Rd',
              city: 'Austin',
              state: 'TX',
              postalCode: '78704',
              countryText: 'United States',
            },
          },
        }),
      }),
    );
    await page.goto('/order-detail/f1c2');
    await expect(page.getByRole('heading', { name: 'Thank you for your pre-order!' })).toBeVisible();
    await expect(page.getByText('Order #00421')).toBeVisible();
    await expect(page.getByText('Card ending with 4242 · $100.40')).toBeVisible();
    await expect(page.getByRole('row', { name: 'Pre-Order x1 $89.99' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Refer 2 friends, get a FREE TUB' })).toBeVisible();
    await expect(page.getByLabel('Your referral link')).toHaveValue(/\/take-quiz\/1\?referralCode=/);
    await expectAccessible(page);
    await captureScreens(page, 'public-order-detail');
  });
});
