import { describe, expect, it } from 'vitest';
import { csvName, dollars, percent, toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes fields with commas, quotes and line breaks, and ends every line with CRLF', () => {
    expect(
      toCsv(
        ['name', 'n'],
        [
          ['Whey, "gold"', 3],
          ['two\nlines', null],
        ],
      ),
    ).toBe('name,n\r\n"Whey, ""gold""",3\r\n"two\nlines",\r\n');
  });

  it('keeps a field that a spreadsheet would run as a formula as text, but not a negative number', () => {
    expect(toCsv(['a'], [['=SUM(A1)'], ['-12.5'], [-3]])).toBe("a\r\n'=SUM(A1)\r\n-12.5\r\n-3\r\n");
  });
});

describe('formats', () => {
  it('names the file after the table and the period, money in dollars, shares in percent', () => {
    expect(csvName('mrr', '2027-03-01', '2027-03-30')).toBe('insights-mrr-2027-03-01-2027-03-30.csv');
    expect(dollars(93300)).toBe('933.00');
    expect(percent(0.1234)).toBe('12.3%');
  });
});
