import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * These public pages check no field with the shared zod schemas at their first load (the tub
 * plans have no such form; the ambassador, sign-in and quiz forms fetch their rules once the page
 * has hydrated, and the quiz checks its stored draft by hand), so the schemas and zod itself (about 23 kB gzip) must not load with them: a constant
 * a page needs, defined in a module that also declares schemas, brings every schema of that module
 * along, since the bundler cannot tell a `z.object(...)` call has no side effect
 * (docs/performance.md#initial-javascript). This walks each page's static run-time imports, within
 * the web app and into @store/contracts; a dynamic `import()` is not followed, as the bundler puts
 * it in a chunk of its own.
 */

const webSrc = path.resolve(import.meta.dirname, '../..');
const contractsSrc = path.resolve(webSrc, '../../../packages/contracts/src');

/** `import … from '…'` statements that are not `import type`, with their names and source. */
function runtimeImports(source: string): { names: string[]; from: string }[] {
  const found: { names: string[]; from: string }[] = [];
  for (const m of source.matchAll(/^import\s+(?!type\s)([\s\S]*?)\s*from\s+'([^']+)';/gm)) {
    const clause = m[1]!;
    const names = [...(clause.match(/\{([\s\S]*)\}/)?.[1] ?? '').split(',')]
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type '))
      .map((n) => n.split(/\s+as\s+/)[0]!);
    found.push({ names, from: m[2]! });
  }
  // Side-effect imports (`import './x.css'`) load nothing that matters here.
  return found;
}

function resolveWeb(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/')
    ? path.join(webSrc, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`].find((p) => existsSync(p) && p.match(/\.tsx?$/));
}

/** Which contracts module declares each exported value. */
function contractsExports(): Map<string, string> {
  const owner = new Map<string, string>();
  for (const file of readdirSync(contractsSrc)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file === 'index.ts') continue;
    const source = readFileSync(path.join(contractsSrc, file), 'utf8');
    for (const m of source.matchAll(/^export\s+(?:const|function|class|let)\s+(\w+)/gm)) {
      owner.set(m[1]!, path.join(contractsSrc, file));
    }
  }
  return owner;
}

/** The contracts module and every module it loads at run time, within the package. */
function contractsClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const { from } of runtimeImports(readFileSync(file, 'utf8'))) {
    if (from.startsWith('.')) contractsClosure(path.resolve(path.dirname(file), from), seen);
  }
  return seen;
}

/** The web app's files and the contracts' files the page at `route` loads with it. */
function firstLoadOf(route: string): { webFiles: Set<string>; contractFiles: Set<string> } {
  const owners = contractsExports();
  const webFiles = new Set<string>();
  const contractFiles = new Set<string>();
  const visit = (file: string) => {
    if (webFiles.has(file)) return;
    webFiles.add(file);
    for (const { names, from } of runtimeImports(readFileSync(file, 'utf8'))) {
      if (from === '@store/contracts') {
        for (const name of names) {
          const owner = owners.get(name);
          expect(owner, `${name} is exported by a contracts module`).toBeDefined();
          for (const f of contractsClosure(owner!)) contractFiles.add(f);
        }
      } else {
        const next = resolveWeb(file, from);
        if (next) visit(next);
      }
    }
  };
  visit(path.join(webSrc, 'app/routes', route));
  return { webFiles, contractFiles };
}

const importsZod = (file: string) =>
  runtimeImports(readFileSync(file, 'utf8')).some((i) => i.from === 'zod' || i.from.startsWith('zod/'));

describe('public pages that load no zod with their first load', () => {
  it.each([
    // [route module, a page file the walk must reach, a contracts module it must reach]
    ['learn-more.tsx', 'learn-more-page.tsx', 'pre-order-plans.ts'],
    ['influencer.tsx', 'influencer-page.tsx', 'constants.ts'],
    ['login.tsx', 'login-form.tsx', 'constants.ts'],
    ['register.tsx', 'register-form.tsx', 'constants.ts'],
    ['forgot-password.tsx', 'forgot-password-form.tsx', 'constants.ts'],
    ['take-quiz.tsx', 'quiz-page.tsx', 'constants.ts'],
  ])('%s: none of its modules or the contracts it uses import zod at run time', (route, page, contract) => {
    const { webFiles, contractFiles } = firstLoadOf(route);
    // The walk reached the page and the contracts it needs (a broken walk would pass vacuously).
    expect([...webFiles].map((f) => path.basename(f))).toContain(page);
    expect([...contractFiles].map((f) => path.basename(f))).toContain(contract);
    const withZod = [...webFiles, ...contractFiles].filter(importsZod);
    expect(withZod.map((f) => path.relative(webSrc, f))).toEqual([]);
  });

  it('the walk does see zod where a page loads it (the profile checks a password change with a schema)', () => {
    const { webFiles, contractFiles } = firstLoadOf('profile.tsx');
    const withZod = [...webFiles, ...contractFiles].filter(importsZod).map((f) => path.basename(f));
    expect(withZod).toContain('accounts.ts');
  });
});
