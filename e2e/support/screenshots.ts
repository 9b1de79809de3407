import type { Page } from '@playwright/test';

/** The two widths every page is reviewed at: a phone and a common laptop. */
export const SCREEN_WIDTHS = [390, 1366] as const;

/**
 * Saves full-page screenshots of what is on screen now at 390 px and 1366 px wide, as
 * test-results/screenshots/<name>-<width>.png, then restores the viewport.
 */
export async function captureScreens(page: Page, name: string) {
  const original = page.viewportSize();
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({
      path: `test-results/screenshots/${name}-${width}.png`,
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
    });
  }
  if (original) await page.setViewportSize(original);
}
