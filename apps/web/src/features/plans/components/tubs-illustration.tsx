/**
 * The tub plans' hero picture, drawn in the page's own markup rather than loaded as an image
 * (public/site/tubs.svg is the same picture for other pages): it paints with the first paint of
 * the prerendered page instead of after a request of its own, and the largest thing painted is
 * the page's heading, not a picture still on its way (docs/performance.md#initial-javascript).
 */
export function TubsIllustration({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 480 400"
      width={480}
      height={400}
      role="img"
      aria-label="Three full-size protein tubs: cocoa, vanilla and mint chip"
    >
      <defs>
        <linearGradient id="learn-more-tubs-glow" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe8d1" />
          <stop offset="1" stopColor="#ffc896" />
        </linearGradient>
      </defs>
      <ellipse cx="240" cy="200" rx="220" ry="185" fill="url(#learn-more-tubs-glow)" />
      <ellipse cx="240" cy="352" rx="190" ry="16" fill="#1f1a17" opacity="0.13" />
      <g>
        <rect x="74" y="176.0" width="102" height="174.0" rx="14" fill="#6b3e26" />
        <rect x="70" y="150" width="110" height="28" rx="8" fill="#1f1a17" />
        <rect x="74" y="222.0" width="102" height="76.0" fill="#fff6ee" />
        <text
          x="125.0"
          y="254.0"
          fontFamily="Arial, sans-serif"
          fontSize="14"
          fontWeight="700"
          fill="#1f1a17"
          textAnchor="middle"
        >
          COCOA
        </text>
        <text
          x="125.0"
          y="276.0"
          fontFamily="Arial, sans-serif"
          fontSize="9"
          fill="#5b524c"
          textAnchor="middle"
        >
          2 lb · whey
        </text>
        <rect x="103.0" y="310.0" width="44.0" height="6" rx="3" fill="#ffffff" opacity="0.35" />
      </g>
      <g>
        <rect x="304" y="176.0" width="102" height="174.0" rx="14" fill="#5fb49c" />
        <rect x="300" y="150" width="110" height="28" rx="8" fill="#1f1a17" />
        <rect x="304" y="222.0" width="102" height="76.0" fill="#fff6ee" />
        <text
          x="355.0"
          y="254.0"
          fontFamily="Arial, sans-serif"
          fontSize="14"
          fontWeight="700"
          fill="#1f1a17"
          textAnchor="middle"
        >
          MINT CHIP
        </text>
        <text
          x="355.0"
          y="276.0"
          fontFamily="Arial, sans-serif"
          fontSize="9"
          fill="#5b524c"
          textAnchor="middle"
        >
          2 lb · plant
        </text>
        <rect x="333.0" y="310.0" width="44.0" height="6" rx="3" fill="#ffffff" opacity="0.35" />
      </g>
      <g>
        <rect x="169" y="124.68" width="142" height="227.32" rx="14" fill="#ff8a3d" />
        <rect x="165" y="90" width="150" height="36.68" rx="8" fill="#1f1a17" />
        <rect x="169" y="184.32" width="142" height="99.56" fill="#1f1a17" />
        <text
          x="240.0"
          y="226.24"
          fontFamily="Arial, sans-serif"
          fontSize="20"
          fontWeight="700"
          fill="#ffb35c"
          textAnchor="middle"
        >
          VANILLA
        </text>
        <text
          x="240.0"
          y="255.06"
          fontFamily="Arial, sans-serif"
          fontSize="13"
          fill="#fff6ee"
          textAnchor="middle"
        >
          5 lb · isolate
        </text>
        <rect x="210.0" y="299.6" width="60.0" height="6" rx="3" fill="#ffffff" opacity="0.35" />
      </g>
      <path
        d="M60 72 l5.4 12.6 l12.6 5.4 l-12.6 5.4 l-5.4 12.6 l-5.4 -12.6 l-12.6 -5.4 l12.6 -5.4 z"
        fill="#ffffff"
      />
      <path
        d="M110 50 l3.0 7.0 l7.0 3.0 l-7.0 3.0 l-3.0 7.0 l-3.0 -7.0 l-7.0 -3.0 l7.0 -3.0 z"
        fill="#f26b1d"
      />
      <path
        d="M440 238 l3.6 8.4 l8.4 3.6 l-8.4 3.6 l-3.6 8.4 l-3.6 -8.4 l-8.4 -3.6 l8.4 -3.6 z"
        fill="#ffffff"
      />
    </svg>
  );
}
