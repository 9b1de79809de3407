import type { ReactNode } from 'react';

const RANGE = /(\d+-\d+%?)/;

/**
 * The text with each number range ("25-50%") kept on one line: a browser may break a line after
 * a hyphen, and "25-" ending one line with "50%" starting the next reads as two figures.
 */
export function keepRanges(text: string): ReactNode {
  const parts = text.split(RANGE);
  if (parts.length === 1) return text;
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string never move
      <span key={i} className="nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
