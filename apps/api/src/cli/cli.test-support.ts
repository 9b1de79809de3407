import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/**
 * A CLI reads the environment as the server does: for the tests in this file, DATA_DIR is a
 * fresh folder of their own and DATABASE_URL is unset (so PGlite), both restored afterwards.
 */
export function withOwnDataDir(prefix: string): void {
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), prefix));
    process.env.DATA_DIR = dir;
    delete process.env.DATABASE_URL;
  });
  afterAll(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    rmSync(dir, { recursive: true, force: true });
  });
}
