import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findCycles, importGraph } from './check-cycles.mjs';

const script = join(dirname(fileURLToPath(import.meta.url)), 'check-cycles.mjs');
let dir;

function fixture(files) {
  dir = mkdtempSync(join(tmpdir(), 'cycles-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

function run(folder) {
  try {
    return { code: 0, out: execFileSync('node', [script, folder], { encoding: 'utf8', stdio: 'pipe' }) };
  } catch (error) {
    return { code: error.status, out: `${error.stdout}${error.stderr}` };
  }
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('check-cycles', () => {
  it('fails on a cycle made of a type-only import, naming both files', () => {
    const root = fixture({
      'app.ts': "import { routes } from './modules/a/routes.ts';\nexport interface Services { n: number }\n",
      'modules/a/routes.ts':
        "import type { Services } from '../../app.ts';\nexport const routes = (s: Services) => s;\n",
    });
    const result = run(root);
    expect(result.code).toBe(1);
    expect(result.out).toContain('app.ts');
    expect(result.out).toContain('modules/a/routes.ts');
  });

  it('passes when the shared types have their own module', () => {
    const root = fixture({
      'app.ts':
        "import { routes } from './modules/a/routes.ts';\nimport type { Services } from './services.ts';\n",
      'services.ts': 'export interface Services { n: number }\n',
      'modules/a/routes.ts':
        "import type { Services } from '../../services.ts';\nexport const routes = (s: Services) => s;\n",
    });
    expect(run(root).code).toBe(0);
  });

  it('follows multi-line, re-export and dynamic imports but not imports inside comments', () => {
    const root = fixture({
      'a.ts': "import {\n  b,\n} from './b.ts';\n// import { c } from './c.ts';\n",
      'b.ts': "export { c } from './c.ts';\nexport const b = 1;\n",
      'c.ts': "export const c = () => import('./a.ts');\n",
      'd.ts': "/* import { a } from './a.ts'; */\nexport const d = 1;\n",
    });
    const cycles = findCycles(importGraph([root]));
    expect(cycles).toHaveLength(1);
    expect(cycles[0].map((f) => f.slice(root.length + 1))).toEqual(['a.ts', 'b.ts', 'c.ts']);
  });

  it('finds no cycle in apps/api/src', () => {
    expect(run('apps/api/src').code).toBe(0);
  });
});
