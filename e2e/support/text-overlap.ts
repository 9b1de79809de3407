import type { Page } from '@playwright/test';

/** Two pieces of text drawn over each other: what each says and where they meet. */
export interface TextOverlap {
  first: string;
  second: string;
  /** The shared area, in CSS pixels of the page. */
  at: { x: number; y: number; width: number; height: number };
}

/**
 * Every pair of visible text pieces on the page whose glyphs cover each other
 * (docs/look-and-trust.md#no-text-over-text). Each line of each text node is one box (a Range's
 * client rects), cut to what its scrolling or clipping ancestors show. Not counted: text nobody
 * sees (display none, visibility hidden, opacity 0, the 1-pixel visually-hidden pattern, the
 * inside of a closed <details>), form
 * controls' own options, and text in a fixed or sticky layer against text of another layer (a
 * sticky header over scrolled content is a layer, not a layout fault). Boxes are taken at the
 * middle half of their height and 1 px in from each side, so tight line-heights and kerning
 * never count as an overlap; two words on top of each other always do.
 */
export function findTextOverlaps(page: Page): Promise<TextOverlap[]> {
  return page.evaluate(() => {
    type Box = { left: number; top: number; right: number; bottom: number };
    const skipped = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'OPTION', 'SELECT', 'TEXTAREA']);
    const scrollX = window.scrollX;
    const scrollY = window.scrollY;
    const infinite: Box = { left: -1e9, top: -1e9, right: 1e9, bottom: 1e9 };
    const cut = (a: Box, b: Box): Box => ({
      left: Math.max(a.left, b.left),
      top: Math.max(a.top, b.top),
      right: Math.min(a.right, b.right),
      bottom: Math.min(a.bottom, b.bottom),
    });

    interface ElementFacts {
      hidden: boolean;
      clip: Box;
      layer: Element | null;
    }
    const facts = new Map<Element, ElementFacts>();
    const factsOf = (element: Element): ElementFacts => {
      const known = facts.get(element);
      if (known) return known;
      const parent = element.parentElement ? factsOf(element.parentElement) : undefined;
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      const visuallyHidden =
        (style.position === 'absolute' || style.position === 'fixed') &&
        rect.width <= 1 &&
        rect.height <= 1 &&
        (style.overflow !== 'visible' || style.clip !== 'auto' || style.clipPath !== 'none');
      // A closed <details> shows only its <summary>; Chromium still gives the rest line boxes.
      const inClosedDetails =
        element.parentElement?.tagName === 'DETAILS' &&
        !(element.parentElement as HTMLDetailsElement).open &&
        element.tagName !== 'SUMMARY';
      const hidden =
        (parent?.hidden ?? false) ||
        inClosedDetails ||
        skipped.has(element.tagName) ||
        style.display === 'none' ||
        style.visibility !== 'visible' ||
        Number(style.opacity) === 0 ||
        visuallyHidden;
      const isLayer = style.position === 'fixed' || style.position === 'sticky';
      const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible';
      const own: Box = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
      const inherited = isLayer && style.position === 'fixed' ? infinite : (parent?.clip ?? infinite);
      const result: ElementFacts = {
        hidden,
        clip: clips ? cut(inherited, own) : inherited,
        layer: isLayer ? element : (parent?.layer ?? null),
      };
      facts.set(element, result);
      return result;
    };

    interface Piece {
      node: number;
      text: string;
      layer: Element | null;
      box: Box;
    }
    const pieces: Piece[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let index = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!text.trim() || !node.parentElement) continue;
      const owner = factsOf(node.parentElement);
      if (owner.hidden) continue;
      index++;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of Array.from(range.getClientRects())) {
        if (line.width < 2 || line.height < 2) continue;
        const band = line.height / 4;
        const box = cut(
          { left: line.left + 1, top: line.top + band, right: line.right - 1, bottom: line.bottom - band },
          owner.clip,
        );
        if (box.right - box.left < 1 || box.bottom - box.top < 1) continue;
        pieces.push({ node: index, text: text.trim().slice(0, 60), layer: owner.layer, box });
      }
    }

    const overlaps: {
      first: string;
      second: string;
      at: { x: number; y: number; width: number; height: number };
    }[] = [];
    pieces.sort((a, b) => a.box.top - b.box.top);
    for (let i = 0; i < pieces.length; i++) {
      const a = pieces[i]!;
      for (let j = i + 1; j < pieces.length; j++) {
        const b = pieces[j]!;
        if (b.box.top >= a.box.bottom) break;
        if (a.node === b.node || a.layer !== b.layer) continue;
        const shared = cut(a.box, b.box);
        const width = shared.right - shared.left;
        const height = shared.bottom - shared.top;
        if (width > 2 && height > 2) {
          overlaps.push({
            first: a.text,
            second: b.text,
            at: {
              x: Math.round(shared.left + scrollX),
              y: Math.round(shared.top + scrollY),
              width: Math.round(width),
              height: Math.round(height),
            },
          });
        }
      }
    }
    return overlaps;
  });
}
