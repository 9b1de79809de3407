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
    await loadLazyImages(page);
    await page.screenshot({
      path: `test-results/screenshots/${name}-${width}.png`,
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
    });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Scrolls through the page so every `loading="lazy"` image starts loading, waits for them, and
 * scrolls back: a full-page screenshot shows the pictures a visitor would see when scrolling.
 * Every wait here is bounded: a busy renderer can hold back animation frames, and a picture may
 * never answer; the screenshot is a record of the page, never a reason for its test to hang.
 */
async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
    const frame = () =>
      Promise.race([new Promise<void>((resolve) => requestAnimationFrame(() => resolve())), pause(250)]);
    const step = Math.max(window.innerHeight, 200);
    const bottom = Math.min(document.documentElement.scrollHeight, 40 * step);
    for (let y = 0; y < bottom; y += step) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, 0);
    const pending = Array.from(document.images)
      .filter((img) => !img.complete)
      .map(
        (img) =>
          new Promise((resolve) => {
            img.addEventListener('load', resolve, { once: true });
            img.addEventListener('error', resolve, { once: true });
          }),
      );
    await Promise.race([Promise.all(pending), pause(5000)]);
  });
}
