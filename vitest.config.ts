import path from 'node:path';
import { defineConfig } from 'vitest/config';

// One runner for unit and API tests across the workspaces; browser tests live in e2e/ (Playwright).
export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/api/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'bench/**/*.test.mjs',
      'scripts/**/*.test.mjs',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
