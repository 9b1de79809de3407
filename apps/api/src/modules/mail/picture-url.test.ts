import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pictureUrl } from './layout.tsx';

const catalog = fileURLToPath(new URL('../../../../web/public/catalog/', import.meta.url));

describe("a product's picture in a mail", () => {
  it('is the PNG copy of a demo catalog SVG, which Gmail and Outlook would not show', () => {
    expect(pictureUrl('https://store.example/', '/catalog/products/3-sample.svg')).toBe(
      'https://store.example/catalog/mail/3-sample.png',
    );
    expect(pictureUrl('https://store.example', '/catalog/products/12-tub.svg')).toBe(
      'https://store.example/catalog/mail/12-tub.png',
    );
  });

  it('keeps an uploaded picture as it is, and gives nothing for no path or a script URL', () => {
    expect(pictureUrl('https://store.example', '/api/uploads/abc.jpg')).toBe(
      'https://store.example/api/uploads/abc.jpg',
    );
    expect(pictureUrl('https://store.example', null)).toBeNull();
    expect(pictureUrl('https://store.example', 'javascript:alert(1)')).toBeNull();
  });

  it('has a PNG for every demo catalog product picture (run scripts/generate-mail-pictures.mjs after changing them)', () => {
    const svgs = readdirSync(`${catalog}products`).filter((name) => name.endsWith('.svg'));
    expect(svgs.length).toBeGreaterThan(0);
    const missing = svgs.filter((name) => !existsSync(`${catalog}mail/${name.replace(/\.svg$/, '.png')}`));
    expect(missing).toEqual([]);
  });
});
