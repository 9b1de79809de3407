import type { Page } from '@playwright/test';

/**
 * Holds back the script chunks matching `glob` (form rules a page fetches once it has hydrated,
 * apps/web/src/lib/use-after-hydration.ts); the function returned lets them through.
 */
export async function holdChunk(page: Page, glob: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(glob, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
