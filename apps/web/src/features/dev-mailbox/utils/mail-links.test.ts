import { describe, expect, it } from 'vitest';
import { extractLinks, linkify, mailDocument } from './mail-links.ts';

describe('extractLinks', () => {
  it('finds the links of the text version without trailing punctuation', () => {
    const text = 'Verify here: http://127.0.0.1:8202/verification/abc/u1. Thanks!';
    expect(extractLinks(text, '')).toEqual(['http://127.0.0.1:8202/verification/abc/u1']);
  });

  it('reads hrefs of the HTML version, decodes entities and skips mailto', () => {
    const html =
      '<a href="https://shop.example/reset-password?token=t1&amp;email=a%40b.c">Reset</a> <a href=\'mailto:x@y.z\'>mail</a>';
    expect(extractLinks('', html)).toEqual(['https://shop.example/reset-password?token=t1&email=a%40b.c']);
  });

  it('lists a link found in both versions once', () => {
    const link = 'http://localhost:8080/verification/c/u';
    expect(extractLinks(`Go: ${link}`, `<a href="${link}">Go</a>`)).toEqual([link]);
  });
});

describe('linkify', () => {
  it('splits text around links and keeps every character', () => {
    const text = 'Open http://a.example/x, then http://b.example/y\nBye';
    const parts = linkify(text);
    expect(parts.filter((p) => p.kind === 'link').map((p) => p.value)).toEqual([
      'http://a.example/x',
      'http://b.example/y',
    ]);
    expect(parts.map((p) => p.value).join('')).toBe(text);
  });
});

describe('mailDocument', () => {
  it('makes links open in the whole tab', () => {
    expect(mailDocument('<p>Hi</p>')).toContain('<base target="_top">');
    expect(mailDocument('<html><head><title>t</title></head><body></body></html>')).toMatch(
      /<head><base target="_top"><title>/,
    );
  });
});
