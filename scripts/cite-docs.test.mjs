import { describe, expect, it } from 'vitest';
import { checkCitations } from './check-citations.mjs';
import { rewrite, targetOf } from './cite-docs.mjs';

const none = { before: '', after: '', path: '' };

describe('cite-docs', () => {
  it('points a guarantee, a payments section and a spec section at headings of docs/', () => {
    expect(rewrite('// a stale cart is a 409 (RELIABILITY E7)\n').text).toBe(
      '// a stale cart is a 409 (docs/reliability.md#e7)\n',
    );
    expect(rewrite('/* the sandbox table (RELIABILITY §4.3) */').text).toBe(
      '/* the sandbox table (docs/payments.md#sandbox) */',
    );
    expect(rewrite('// spec 001 §4.1: the six stages').text).toBe(
      '// docs/product.md#membership-cycle: the six stages',
    );
    expect(rewrite('// the calls (spec 000 §7, 001 §7)').text).toBe('// the calls (docs/product.md#calls)');
  });

  it('reads a list of sections, ranges and documents as one citation', () => {
    expect(rewrite('// (spec 000 §2, §4-5; DESIGN §5 cycle)').text).toBe(
      '// (docs/product.md#screens, docs/product.md#states-and-flows, docs/product.md#rules, docs/product.md#membership-cycle)',
    );
    expect(rewrite('// RELIABILITY C1/C3 and D3-D5').text).toBe(
      '// docs/reliability.md#c1, docs/reliability.md#c3, docs/reliability.md#d3, docs/reliability.md#d4, docs/reliability.md#d5',
    );
  });

  it('picks the decision a DESIGN §5 citation is about from the words around it', () => {
    expect(rewrite('/** Accounts need this age or more (DESIGN §5). */').text).toContain(
      'docs/product.md#age',
    );
    expect(rewrite('// one configured price (DESIGN §5)').text).toContain('docs/product.md#price');
    expect(rewrite('// DESIGN §5: no screen claims what has not happened').text).toContain(
      'docs/product.md#words-on-screen',
    );
    expect(targetOf('design', { section: '5' }, none)).toBe('docs/product.md#decisions');
  });

  it('turns a guarantee in a test name into its bare id', () => {
    expect(rewrite("describe('RELIABILITY E5: webhook endpoint outage', () => {});").text).toBe(
      "describe('E5: webhook endpoint outage', () => {});",
    );
    expect(rewrite("it('shows the stage (DESIGN §5 cycle)', () => {});").text).toBe(
      "it('shows the stage (docs/product.md#membership-cycle)', () => {});",
    );
  });

  it('is re-runnable: a second run changes nothing', () => {
    const once = rewrite('// DESIGN §4 errors; RELIABILITY "exactly one charge"; Spec 000 §8\n').text;
    expect(once).toBe(
      '// docs/api-conventions.md#errors; docs/reliability.md#exactly-one-charge, docs/product.md#messages-on-screen\n',
    );
    expect(rewrite(once)).toEqual({ text: once, changes: [] });
  });

  it('leaves nothing the citation check refuses when run over this repository', () => {
    const here = new URL('..', import.meta.url).pathname;
    // Every anchor the codemod can produce exists in docs/: the check passes on what it writes.
    const problems = checkCitations(here).filter((p) => /no heading|no such file/.test(p));
    expect(problems).toEqual([]);
  });
});
