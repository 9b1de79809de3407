import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { anchorsOf, checkCitations, slug } from './check-citations.mjs';

const script = join(dirname(fileURLToPath(import.meta.url)), 'check-citations.mjs');
const DOCS = {
  'docs/reliability.md': '# Reliability\n\n<a id="e7"></a>\n### E7. Cart and coupon concurrency\n',
  'docs/product.md':
    '# Product\n\n## Membership cycle\n\n### Stage 3: Box Assembly\n\n```\n# not a heading\n```\n',
};
let root;

function fixture(files) {
  root = mkdtempSync(join(tmpdir(), 'citations-'));
  for (const [name, text] of Object.entries({ ...DOCS, ...files })) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

function run(dir) {
  try {
    execFileSync('node', [script, '--root', dir], { encoding: 'utf8', stdio: 'pipe' });
    return { code: 0, out: '' };
  } catch (error) {
    return { code: error.status, out: `${error.stdout}${error.stderr}` };
  }
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('check-citations', () => {
  it('passes citations that name an existing file and heading, and known ids in test names', () => {
    const dir = fixture({
      'apps/api/src/cart.ts':
        '// A stale version is a 409 (docs/reliability.md#e7, docs/product.md#stage-3-box-assembly).\n',
      'apps/api/src/cart.test.ts':
        "it('E7: two tabs lose no update', () => {});\nit('E2E-style name without an id', () => {});\n",
    });
    expect(checkCitations(dir)).toEqual([]);
    expect(run(dir).code).toBe(0);
  });

  it('fails on a citation whose heading does not exist, naming the file and line', () => {
    const dir = fixture({ 'packages/contracts/src/cart.ts': '\n// see docs/product.md#stage-7-party\n' });
    const result = run(dir);
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      'packages/contracts/src/cart.ts:2: docs/product.md#stage-7-party: no heading',
    );
  });

  it('fails on a citation of a docs file that does not exist', () => {
    const dir = fixture({ 'apps/web/src/a.tsx': '/* docs/design.md#decisions */\n' });
    expect(checkCitations(dir)).toEqual(['apps/web/src/a.tsx:1: docs/design.md#decisions: no such file']);
  });

  it('fails on a test whose leading id is not a listed guarantee', () => {
    const dir = fixture({
      'e2e/cart.spec.ts': "test('E9: a guarantee nobody wrote down', async () => {});\n",
    });
    expect(checkCitations(dir)).toEqual(['e2e/cart.spec.ts:1: test id E9 is not in docs/reliability.md']);
  });

  it('checks ids of every section from A to I, and leaves a name starting with another letter alone', () => {
    const dir = fixture({
      'e2e/ops.spec.ts':
        "test('A9: first section', async () => {});\ntest('I9: last section', async () => {});\ntest('J9 is no guarantee id', async () => {});\n",
    });
    expect(checkCitations(dir)).toEqual([
      'e2e/ops.spec.ts:1: test id A9 is not in docs/reliability.md',
      'e2e/ops.spec.ts:2: test id I9 is not in docs/reliability.md',
    ]);
  });

  it('fails on any mention of the outside documents', () => {
    const dir = fixture({
      'apps/api/src/x.ts': '// DESIGN §5 decides\n// RELIABILITY E7\n// spec 000 §7 and Spec 001 §2\n',
    });
    const problems = checkCitations(dir);
    expect(problems).toHaveLength(4);
    expect(problems[0]).toBe('apps/api/src/x.ts:1: "DESIGN" cites a document outside the repository');
  });

  it('fails on a broken link between the docs', () => {
    const dir = fixture({ 'docs/api-conventions.md': 'See [the cycle](product.md#membership-cycles).\n' });
    expect(checkCitations(dir)).toEqual([
      'docs/api-conventions.md:1: product.md#membership-cycles: no heading #membership-cycles',
    ]);
  });

  it('makes anchors the way GitHub does, ignoring fenced code', () => {
    expect(slug('Stage 5: Taste & Review')).toBe('stage-5-taste--review');
    const anchors = anchorsOf(DOCS['docs/product.md']);
    expect([...anchors]).toEqual(['product', 'membership-cycle', 'stage-3-box-assembly']);
  });

  it('finds nothing to complain about in the docs of this repository themselves', () => {
    const here = join(dirname(fileURLToPath(import.meta.url)), '..');
    const problems = checkCitations(here).filter((p) => /no heading|no such file|test id/.test(p));
    expect(problems).toEqual([]);
  });
});
