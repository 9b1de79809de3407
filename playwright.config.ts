import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests of the whole store: `npm run test:e2e`. The store runs from `scripts/start.mjs`
 * (built web app + API, one process) on a fresh embedded database. Each engineer picks a port
 * with E2E_PORT (and E2E_DATA_DIR) so runs never share a server or a database.
 */
const port = Number(process.env.E2E_PORT ?? 8090);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `store-e2e-${port}`);
const baseURL = `http://127.0.0.1:${port}`;

// Only the runner process starts the server; its workers load this file too and must not wipe the data.
if (process.env.TEST_WORKER_INDEX === undefined) rmSync(dataDir, { recursive: true, force: true });

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium, never a downloaded browser (`playwright install` is not used).
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } } },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Links in mails point at the address the browser uses, so a mailed link keeps the session's origin.
      PUBLIC_URL: baseURL,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // Every simulated customer comes from 127.0.0.1; the limits themselves are covered by API tests.
      RATE_LIMIT_SCALE: '50',
      // The tests make the members and reviews they count; e2e/social-proof.spec.ts starts a store
      // of its own with the demo members.
      SEED_DEMO_MEMBERS: 'false',
    },
  },
});
