/** One table of the insights page as CSV (RFC 4180: a field with a comma, quote or line break is quoted). */

export type CsvCell = string | number | null | undefined;

function field(value: CsvCell): string {
  const text = value === null || value === undefined ? '' : String(value);
  // A leading =, +, - or @ would be read as a formula by a spreadsheet: a quote keeps it text.
  const safe = /^[=+\-@]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `${[header, ...rows].map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

/** "insights-mrr-2027-03-01-2027-03-30.csv" */
export function csvName(table: string, from: string, to: string): string {
  return `insights-${table}-${from}-${to}.csv`;
}

/** Cents as dollars with 2 decimals, without a currency sign (a spreadsheet reads it as a number). */
export const dollars = (cents: number) => (cents / 100).toFixed(2);

/** A share 0-1 as a percentage with one decimal. */
export const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
