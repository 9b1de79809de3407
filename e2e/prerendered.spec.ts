import { expect, type Page, test } from '@playwright/test';
import { newAccount, openMail, registerAndVerify, signUp, submitLogin } from './support/accounts.ts';

/**
 * The public pages are HTML built at build time that React hydrates
 * (docs/decisions/014-prerendered-public-pages.md): readable with scripts off, and hydrated in
 * place with scripts on, never thrown away and drawn again.
 */
const PAGES = [
  {
    path: '/',
    title: 'Sample First',
    heading: /Sample first\.\s*Then buy the tub you'll actually finish\./,
    text: 'One plan, built around your taste',
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy | Sample First',
    heading: 'Privacy Policy',
    text: 'personal information',
  },
  {
    path: '/influencer',
    title: 'Become an Ambassador! | Sample First',
    heading: 'Become an Ambassador!',
    text: 'What we look for',
  },
  {
    path: '/subscriptions-learn-more',
    title: 'Tub plans: Flex and Max | Sample First',
    heading: 'Loved a sample? Keep it coming.',
    text: 'Flex',
  },
  { path: '/login', title: 'Log in | Sample First', heading: 'Welcome Back', text: 'Forgot' },
  { path: '/register', title: 'Sign up | Sample First', heading: 'Create your account', text: 'Password' },
  {
    path: '/forgot-password',
    title: 'Forgot password | Sample First',
    heading: 'Forgot your password?',
    text: 'Enter the email you signed up with',
  },
  {
    path: '/take-quiz/1',
    title: 'Quiz, step 1 of 12 | Sample First',
    heading: 'What kind of exercise do you do?',
    text: 'Select All That Apply',
  },
] as const;

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  for (const page of PAGES) {
    test(`${page.path} shows its heading, text, title and description`, async ({ page: tab }) => {
      await tab.goto(page.path);
      await expect(tab.getByRole('heading', { level: 1, name: page.heading })).toBeVisible();
      await expect(tab.getByText(page.text).first()).toBeVisible();
      await expect(tab).toHaveTitle(page.title);
      const description = await tab.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length).toBeGreaterThan(40);
      // A link shared on a social network gets its card from this HTML: crawlers run no script.
      expect(await tab.locator('meta[property="og:title"]').getAttribute('content')).toBe(page.title);
      const image = await tab.locator('meta[property="og:image"]').getAttribute('content');
      expect(image).toBe(new URL('/site/social-card.jpg', tab.url()).href);
      // Built for a visitor: the way in, never a member's menu.
      await expect(tab.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
    });
  }

  test('I4: the home page carries the store as Organization data in its built HTML', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '');
    expect(data).toMatchObject({
      '@type': 'Organization',
      name: 'Sample First',
      url: new URL('/', page.url()).href,
    });
    // Crawlers find the sitemap through robots.txt; it lists the home page at the same address.
    const robots = await (await request.get('/robots.txt')).text();
    const sitemapUrl = /^Sitemap: (.+)$/m.exec(robots)?.[1];
    expect(sitemapUrl).toBe(new URL('/sitemap.xml', page.url()).href);
    expect(await (await request.get(sitemapUrl!)).text()).toContain(
      `<loc>${new URL('/', page.url()).href}</loc>`,
    );
  });

  test('the home page shows one header per width, picked by CSS alone', async ({ page }) => {
    const wideTitle = page.getByRole('heading', { level: 1, name: /Then buy the tub/ });
    const carousel = page.getByRole('region', { name: 'Sample First highlights' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(carousel).toBeVisible();
    await expect(wideTitle).toBeHidden();
    await page.setViewportSize({ width: 1366, height: 900 });
    await expect(wideTitle).toBeVisible();
    await expect(carousel).toBeHidden();
  });

  test('a form cannot be sent by the browser itself before the page hydrates', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await page.getByLabel('Email', { exact: true }).fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('a-secret-password');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    // Nothing was sent: the password never travels in an address.
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  test('the pages a mail links to paint their frame from the HTML before any script runs', async ({
    page,
  }) => {
    for (const [url, heading] of [
      ['/verification/some-code/some-account', 'Verifying your email…'],
      ['/login-link?token=some-token', 'Logging you in…'],
      ['/reset-password?token=some-token&email=ana%40example.com', 'Choose a new password'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sample First home' })).toBeVisible();
    }
  });

  test('a page that is not prerendered is still the empty app shell', async ({ page }) => {
    const res = await page.request.get('/unsubscribe');
    expect(await res.text()).toContain('<div id="root"></div>');
  });
});

/** Console errors and uncaught errors of the page, from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Waits until React has taken over the page's heading (hydrated it, or rendered a new one). */
async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const heading = document.querySelector('#main-content h1');
    return Boolean(heading && Object.keys(heading).some((key) => key.startsWith('__reactFiber')));
  });
}

/**
 * Holds back the shell's script (so the page stays as built, unhydrated) until the returned
 * function is called. Navigate with `waitUntil: 'commit'`: load events wait for the script.
 */
async function holdBackScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Loads `path` and waits until React has hydrated its heading. Returns whether the heading the
 * server sent is still the one on screen: a failed hydration replaces the whole tree.
 */
async function loadAndHydrate(page: Page, path: string): Promise<boolean> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { __builtHeading: Element | null }).__builtHeading =
        document.querySelector('#main-content h1');
    });
  });
  await page.goto(path);
  await waitForHydration(page);
  return page.evaluate(() => {
    const built = (window as unknown as { __builtHeading: Element | null }).__builtHeading;
    return Boolean(built?.isConnected);
  });
}

test.describe('with JavaScript', () => {
  for (const width of [390, 1366]) {
    for (const page of PAGES) {
      test(`${page.path} at ${width} px hydrates the built HTML without an error`, async ({ page: tab }) => {
        await tab.setViewportSize({ width, height: 900 });
        const errors = collectErrors(tab);
        expect(await loadAndHydrate(tab, page.path)).toBe(true);
        await expect(tab).toHaveTitle(page.title);
        // Hydrated, the page's forms can be sent; a button that waits for an answer first (the
        // quiz's first question, docs/product.md#rules) says so as its description.
        for (const submit of await tab.locator('button[type="submit"]').all()) {
          if (!(await submit.isVisible())) continue;
          if (page.path === '/take-quiz/1') {
            await expect(submit).toHaveAccessibleDescription('Choose at least one answer to continue.');
            await tab.getByRole('main').getByRole('checkbox').first().check();
          }
          await expect(submit).toBeEnabled();
        }
        // Whatever the page loads after hydrating (prices, quiz options) arrives without an error.
        await tab.waitForLoadState('networkidle');
        expect(errors).toEqual([]);
      });
    }
  }

  test('titles and descriptions follow client-side navigation between public pages', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Sample First');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page).toHaveTitle('Privacy Policy | Sample First');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /personal information/);
    await page.getByRole('banner').getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveTitle('Log in | Sample First');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Log in to your/);
  });

  test('a signed-in member gets the member menu once the visitor page has hydrated', async ({ page }) => {
    const account = await registerAndVerify(page);
    await page.goto('/login');
    await submitLogin(page, account);
    await expect(page).not.toHaveURL(/\/login/);
    const errors = collectErrors(page);
    expect(await loadAndHydrate(page, '/privacy-policy')).toBe(true);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('what a visitor types before the page hydrates is kept and sent', async ({ page }) => {
    // The page's script waits until the visitor has filled the prerendered form.
    const release = await holdBackScript(page);
    const account = newAccount('early');
    // Not domcontentloaded: that waits for the module script, which is held back.
    await page.goto('/register', { waitUntil: 'commit' });
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('I am 13 or older').check();
    release();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for signing up!' })).toBeVisible();
  });

  test('a button pressed before the page hydrates is pressed once it has', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdBackScript(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const burger = page.getByRole('button', { name: 'Menu' });
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    release();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
    // Once hydrated, presses are React's alone: the next one closes the menu, nothing replays it.
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('[data-early-press]')).toHaveCount(0);
  });

  test('a visitor who scrolls before the page hydrates stays where they scrolled', async ({ page }) => {
    const release = await holdBackScript(page);
    await page.goto('/privacy-policy', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    release();
    await waitForHydration(page);
    // Effects run right after hydration commits; give them a frame before reading.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
  });

  test('answers kept from an earlier visit come back on the prerendered first quiz step', async ({
    page,
  }) => {
    await page.goto('/take-quiz/1');
    const first = page.getByRole('main').getByRole('checkbox').first();
    await first.check();
    const errors = collectErrors(page);
    expect(await loadAndHydrate(page, '/take-quiz/1')).toBe(true);
    await expect(page.getByRole('main').getByRole('checkbox').first()).toBeChecked();
    expect(errors).toEqual([]);
  });
});

test.describe('the pages a mail links to', () => {
  test('a verification link hydrates its built frame and then says what the API answered', async ({
    page,
  }) => {
    const account = newAccount('mail-frame');
    await signUp(page, account);
    await openMail(page, account.email);
    const link = await page
      .getByRole('link', { name: /\/verification\// })
      .first()
      .getAttribute('href');
    expect(link).toContain('/verification/');
    const built = await page.request.get(new URL(link!).pathname);
    expect(await built.text()).toContain('Verifying your email…');

    const errors = collectErrors(page);
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a reset link's page hydrates with the address from the link", async ({ page }) => {
    const errors = collectErrors(page);
    expect(await loadAndHydrate(page, '/reset-password?token=some-token&email=ana%40example.com')).toBe(true);
    await expect(page.getByText('For ana@example.com.')).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('a page whose script does not download', () => {
  test('says so in its place with a reload, keeps the top bar, and loads once the network is back', async ({
    page,
  }) => {
    let blocked = true;
    await page.route(/\/assets\/privacy-policy-[\w-]+\.js$/, (route) =>
      blocked ? route.abort() : route.continue(),
    );
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await loadAndHydrate(page, '/')).toBe(true);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'This page did not load' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Check your connection and reload the page');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sample First home' })).toBeVisible();
    await expect(page).toHaveURL(/\/privacy-policy$/);

    blocked = false;
    await page.getByRole('button', { name: 'Reload the page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });
});
