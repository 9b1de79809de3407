import { describe, expect, it } from 'vitest';
import { imageFileProblem } from './image-file.ts';

describe('imageFileProblem', () => {
  it('accepts PNG, JPEG and WebP up to 2 MB', () => {
    expect(imageFileProblem({ type: 'image/png', size: 1000 })).toBeUndefined();
    expect(imageFileProblem({ type: 'image/webp', size: 2 * 1024 * 1024 })).toBeUndefined();
  });

  it('refuses SVG, other files and anything over 2 MB', () => {
    expect(imageFileProblem({ type: 'image/svg+xml', size: 100 })).toMatch(/PNG, JPEG or WebP/);
    expect(imageFileProblem({ type: 'text/html', size: 100 })).toMatch(/PNG, JPEG or WebP/);
    expect(imageFileProblem({ type: 'image/jpeg', size: 2 * 1024 * 1024 + 1 })).toMatch(/2 MB/);
  });
});
