import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findBreaks } from './check-boundaries.mjs';

const script = join(dirname(fileURLToPath(import.meta.url)), 'check-boundaries.mjs');
let dir;

function fixture(files) {
  dir = mkdtempSync(join(tmpdir(), 'boundaries-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** Runs the script on `root` with `allowlist` (entries, or the path of an allowlist file). */
function run(root, allowlist = []) {
  let file = allowlist;
  if (Array.isArray(allowlist)) {
    file = join(root, 'allowlist.json');
    writeFileSync(file, JSON.stringify(allowlist));
  }
  try {
    const out = execFileSync('node', [script, '--root', root, '--allowlist', file], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { code: 0, out };
  } catch (error) {
    return { code: error.status, out: `${error.stdout}${error.stderr}` };
  }
}

const api = 'apps/api/src';
const web = 'apps/web/src';

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('check-boundaries', () => {
  it('api-face: fails on a module imported past its index.ts, passes through the face', () => {
    const past = fixture({
      [`${api}/modules/a/a.service.ts`]: "import { b } from '../b/b.service.ts';\nexport const a = b;\n",
      [`${api}/modules/b/b.service.ts`]: 'export const b = 1;\n',
      [`${api}/modules/b/index.ts`]: "export { b } from './b.service.ts';\n",
    });
    const result = run(past);
    expect(result.code).toBe(1);
    expect(result.out).toContain(`api-face ${api}/modules/a/a.service.ts -> ${api}/modules/b/b.service.ts`);
    rmSync(past, { recursive: true, force: true });

    const face = fixture({
      [`${api}/modules/a/a.service.ts`]: "import { b } from '../b/index.ts';\nexport const a = b;\n",
      [`${api}/app.ts`]: "import { b } from './modules/b/index.ts';\nexport const app = b;\n",
      [`${api}/modules/b/b.service.ts`]: 'export const b = 1;\n',
      [`${api}/modules/b/index.ts`]: "export { b } from './b.service.ts';\n",
    });
    expect(run(face).code).toBe(0);
  });

  it('api-face: a file outside the modules is held to it too, a test file and a read model table read are not', () => {
    const root = fixture({
      [`${api}/app.ts`]: "import { b } from './modules/b/b.routes.ts';\nexport const app = b;\n",
      [`${api}/modules/b/b.routes.ts`]: 'export const b = 1;\n',
      [`${api}/modules/b/b.table.ts`]: 'export const bTable = 1;\n',
      [`${api}/modules/a/a.routes.test.ts`]: "import { b } from '../b/b.routes.ts';\nb;\n",
      [`${api}/read-models/back-office.ts`]: "import { bTable } from '../modules/b/b.table.ts';\nbTable;\n",
    });
    expect(findBreaks(root)).toEqual([
      { rule: 'api-face', from: `${api}/app.ts`, to: `${api}/modules/b/b.routes.ts` },
    ]);
  });

  it('api-two-way: fails on two modules importing each other, even by a type-only import', () => {
    const root = fixture({
      [`${api}/modules/a/index.ts`]: "import type { B } from '../b/index.ts';\nexport type A = { b: B };\n",
      [`${api}/modules/b/index.ts`]: "import type { A } from '../a/index.ts';\nexport type B = { a?: A };\n",
    });
    const result = run(root);
    expect(result.code).toBe(1);
    expect(result.out).toContain(`api-two-way ${api}/modules/a -> ${api}/modules/b`);
  });

  it('api-foreign-table: fails on a repository importing another module table', () => {
    const root = fixture({
      [`${api}/modules/a/a.repository.ts`]: "import { bTable } from '../b/b.table.ts';\nbTable;\n",
      [`${api}/modules/b/b.table.ts`]: 'export const bTable = 1;\n',
    });
    const result = run(root);
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      `api-foreign-table ${api}/modules/a/a.repository.ts -> ${api}/modules/b/b.table.ts`,
    );
  });

  it('api-foreign-sql: fails on raw SQL naming another module table, not on its own, a read model or a test', () => {
    const table = (name) =>
      `import { pgTable } from 'drizzle-orm/pg-core';\nexport const t = pgTable('${name}', {});\n`;
    const root = fixture({
      [`${api}/modules/a/a.table.ts`]: table('apples'),
      [`${api}/modules/b/b.table.ts`]: table('bananas'),
      [`${api}/modules/c/c.table.ts`]: table('bananas'),
      [`${api}/modules/a/a.service.ts`]: [
        "import { sql } from 'drizzle-orm';",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a fixture's source text, holding a template
        'export const own = sql`SELECT * FROM apples a WHERE a.id = ${1}`;',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a fixture's source text, holding a template
        'export const joined = (id) => sql`SELECT 1 FROM apples a ${sql`JOIN bananas b ON b.id = a.id`} WHERE a.id = ${id}`;',
        '',
      ].join('\n'),
      [`${api}/modules/a/a.writes.ts`]:
        "export const w = (db) => db.execute('UPDATE bananas SET ripe = true');\n",
      [`${api}/modules/a/a.words.ts`]:
        "import { sql } from 'drizzle-orm';\nexport const words = sql`SELECT bananas FROM apples`;\n",
      [`${api}/modules/a/a.service.test.ts`]:
        "import { sql } from 'drizzle-orm';\nsql`DELETE FROM bananas`;\n",
      [`${api}/modules/c/c.service.ts`]:
        "import { sql } from 'drizzle-orm';\nsql`INSERT INTO bananas VALUES (1)`;\n",
      [`${api}/read-models/fruit.ts`]:
        "import { sql } from 'drizzle-orm';\nsql`SELECT * FROM apples JOIN bananas USING (id)`;\n",
    });
    const breaks = findBreaks(root).filter((b) => b.rule === 'api-foreign-sql');
    expect(breaks).toEqual([
      { rule: 'api-foreign-sql', from: `${api}/modules/a/a.service.ts`, to: 'table bananas of b, c' },
      { rule: 'api-foreign-sql', from: `${api}/modules/a/a.writes.ts`, to: 'table bananas of b, c' },
    ]);
    const result = run(root);
    expect(result.code).toBe(1);
    expect(result.out).toContain(`api-foreign-sql ${api}/modules/a/a.service.ts -> table bananas of b, c`);
  });

  it('web-feature: fails on a feature importing another feature, by alias or relative path', () => {
    const root = fixture({
      [`${web}/features/a/page.tsx`]:
        "import { x } from '@/features/b/x.ts';\nimport { y } from '../b/y.ts';\nexport const p = [x, y];\n",
      [`${web}/features/b/x.ts`]: 'export const x = 1;\n',
      [`${web}/features/b/y.ts`]: 'export const y = 1;\n',
      [`${web}/app/routes/page.tsx`]: "import { x } from '@/features/b/x.ts';\nx;\n",
    });
    const result = run(root);
    expect(result.code).toBe(1);
    expect(result.out).toContain(`web-feature ${web}/features/a/page.tsx -> ${web}/features/b/x.ts`);
    expect(result.out).toContain(`web-feature ${web}/features/a/page.tsx -> ${web}/features/b/y.ts`);
    expect(result.out).not.toContain(`${web}/app/routes/page.tsx`);
  });

  it('web-shared: fails on lib/ or components/ importing a feature', () => {
    const root = fixture({
      [`${web}/lib/head.ts`]: "import { x } from '@/features/b/x.ts';\nx;\n",
      [`${web}/components/ui/box.tsx`]: "import { x } from '../../features/b/x.ts';\nx;\n",
      [`${web}/features/b/x.ts`]: 'export const x = 1;\n',
    });
    const result = run(root);
    expect(result.code).toBe(1);
    expect(result.out).toContain(`web-shared ${web}/lib/head.ts -> ${web}/features/b/x.ts`);
    expect(result.out).toContain(`web-shared ${web}/components/ui/box.tsx -> ${web}/features/b/x.ts`);
  });

  it('api-module-table: fails on a module without a row and on an "imports" cell that differs from the code', () => {
    const architecture = (rows) =>
      `# Architecture\n\n## API modules\n\n| module | what it owns | imports |\n|---|---|---|\n${rows}\n\n## Next\n`;
    const files = {
      [`${api}/modules/a/index.ts`]: "import { b } from '../b/index.ts';\nexport const a = b;\n",
      [`${api}/modules/b/index.ts`]: 'export const b = 1;\n',
      [`${api}/modules/c/index.ts`]: 'export const c = 1;\n',
    };
    const agreeing = fixture({
      ...files,
      'ARCHITECTURE.md': architecture('| `a` | A | `b` |\n| `b` | B | nothing |\n| `c` | C | nothing |'),
    });
    expect(run(agreeing).code).toBe(0);
    rmSync(agreeing, { recursive: true, force: true });

    const root = fixture({
      ...files,
      'ARCHITECTURE.md': architecture('| `a` | A | `c` |\n| `b` | B | nothing |'),
    });
    const result = run(root);
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      `api-module-table ${api}/modules/a -> ARCHITECTURE.md (the table says c; the code imports b)`,
    );
    expect(result.out).toContain(`api-module-table ${api}/modules/c -> ARCHITECTURE.md (no row)`);
  });

  it('passes on a break the allowlist names, fails on an entry that no longer breaks', () => {
    const root = fixture({
      [`${web}/lib/head.ts`]: "import { x } from '@/features/b/x.ts';\nx;\n",
      [`${web}/features/b/x.ts`]: 'export const x = 1;\n',
    });
    const listed = { rule: 'web-shared', from: `${web}/lib/head.ts`, to: `${web}/features/b/x.ts` };
    expect(run(root, [listed]).code).toBe(0);
    const stale = { rule: 'web-feature', from: `${web}/features/a/a.ts`, to: `${web}/features/b/x.ts` };
    const result = run(root, [listed, stale]);
    expect(result.code).toBe(1);
    expect(result.out).toContain(`no longer breaks`);
    expect(result.out).toContain(`web-feature ${web}/features/a/a.ts -> ${web}/features/b/x.ts`);
  });

  it('the repository has no break beyond its allowlist, and no stale entry in it', () => {
    const result = run('.', 'scripts/check-boundaries.allowlist.json');
    expect(result.out).toContain('no new break');
    expect(result.code).toBe(0);
  });
});
