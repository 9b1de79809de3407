import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

/** Automated accessibility checks (WCAG 2.1 A/AA rules of axe) of the account screens and the top bar. */
const PAGES = [
  { path: '/login', heading: 'Welcome Back' },
  { path: '/register', heading: 'Create your account' },
  { path: '/forgot-password', heading: 'Forgot your password?' },
  { path: '/reset-password?token=t&email=someone%40example.com', heading: 'Choose a new password' },
  { path: '/verification/unknown-code/unknown-user', heading: "We couldn't verify your email" },
  { path: '/dev/mailbox', heading: 'Dev mailbox' },
  { path: '/no-such-page', heading: "We can't find that page" },
];

for (const width of [390, 1366]) {
  test(`account screens have no WCAG A/AA violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      // Errors shown too: the form's invalid state must pass as well.
      const submit = page.locator('form button[type="submit"]');
      if (await submit.count()) await submit.click();
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const found = results.violations.map(
        (v) => `${path}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
      );
      expect(found).toEqual([]);
    }
  });
}
