import { useId } from 'react';

/**
 * The open box with four sample packets, drawn inline rather than loaded as an image: it is the
 * first thing on screen, and inline it paints with the page instead of after another request
 * (the same drawing is public/site/hero-box.svg for the social card).
 */
export function HeroBoxArt({ className }: { className?: string }) {
  // The home page carries two copies (phone and wide headers, one hidden by CSS): ids stay unique.
  const id = useId();
  return (
    <svg
      className={className}
      viewBox="0 0 480 400"
      width="480"
      height="400"
      role="img"
      aria-label="An open Sample First box holding four protein powder sample packets"
    >
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe8d1" />
          <stop offset="1" stopColor="#ffc896" />
        </linearGradient>
        <linearGradient id={`${id}-front`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff8a3d" />
          <stop offset="1" stopColor="#e4601a" />
        </linearGradient>
        <linearGradient id={`${id}-side`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#d9540f" />
          <stop offset="1" stopColor="#b8460c" />
        </linearGradient>
      </defs>
      <ellipse cx="240" cy="200" rx="220" ry="185" fill={`url(#${id}-bg)`} />
      <ellipse cx="250" cy="356" rx="175" ry="16" fill="#1f1a17" opacity="0.13" />
      <path d="M130 172 L390 172 L404 120 L156 120 Z" fill="#f7904a" />
      <path d="M90 202 L130 172 L390 172 L350 202 Z" fill="#7a320c" />
      <g>
        <path
          d="M118 96 l5.8 -6 l5.8 6 l5.8 -6 l5.8 6 l5.8 -6 l5.8 6 l5.8 -6 l5.8 6 l5.8 -6 l5.8 6 v130 h-58 z"
          fill="#6b3e26"
        />
        <rect x="118" y="108" width="58" height="44" fill="#fff6ee" />
        <text
          x="147.0"
          y="129"
          fontFamily="Arial, sans-serif"
          fontSize="12"
          fontWeight="700"
          fill="#1f1a17"
          textAnchor="middle"
        >
          CHOC
        </text>
        <text
          x="147.0"
          y="144"
          fontFamily="Arial, sans-serif"
          fontSize="9"
          fill="#5b524c"
          textAnchor="middle"
        >
          25 g protein
        </text>
      </g>
      <g>
        <path
          d="M182 70 l5.8 -6 l5.8 6 l5.8 -6 l5.8 6 l5.8 -6 l5.8 6 l5.8 -6 l5.8 6 l5.8 -6 l5.8 6 v150 h-58 z"
          fill="#f3d9a0"
        />
        <rect x="182" y="104" width="58" height="44" fill="#1f1a17" />
        <text
          x="211.0"
          y="125"
          fontFamily="Arial, sans-serif"
          fontSize="10.5"
          fontWeight="700"
          fill="#ffb35c"
          textAnchor="middle"
        >
          VANILLA
        </text>
        <text
          x="211.0"
          y="140"
          fontFamily="Arial, sans-serif"
          fontSize="9"
          fill="#fff6ee"
          textAnchor="middle"
        >
          24 g protein
        </text>
      </g>
      <g>
        <path
          d="M246 84 l5.8 -6 l5.8 6 l5.8 -6 l5.8 6 l5.8 -6 l5.8 6 l5.8 -6 l5.8 6 l5.8 -6 l5.8 6 v140 h-58 z"
          fill="#e8577a"
        />
        <rect x="246" y="118" width="58" height="44" fill="#fff6ee" />
        <text
          x="275.0"
          y="139"
          fontFamily="Arial, sans-serif"
          fontSize="12"
          fontWeight="700"
          fill="#1f1a17"
          textAnchor="middle"
        >
          BERRY
        </text>
        <text
          x="275.0"
          y="154"
          fontFamily="Arial, sans-serif"
          fontSize="9"
          fill="#5b524c"
          textAnchor="middle"
        >
          22 g protein
        </text>
      </g>
      <g>
        <path
          d="M310 104 l5.8 -6 l5.8 6 l5.8 -6 l5.8 6 l5.8 -6 l5.8 6 l5.8 -6 l5.8 6 l5.8 -6 l5.8 6 v120 h-58 z"
          fill="#5fb49c"
        />
        <rect x="310" y="138" width="58" height="44" fill="#fff6ee" />
        <text
          x="339.0"
          y="159"
          fontFamily="Arial, sans-serif"
          fontSize="12"
          fontWeight="700"
          fill="#1f1a17"
          textAnchor="middle"
        >
          MINT
        </text>
        <text
          x="339.0"
          y="174"
          fontFamily="Arial, sans-serif"
          fontSize="9"
          fill="#5b524c"
          textAnchor="middle"
        >
          21 g plant
        </text>
      </g>
      <path d="M350 202 L390 172 L390 312 L350 342 Z" fill={`url(#${id}-side)`} />
      <rect x="90" y="202" width="260" height="140" fill={`url(#${id}-front)`} />
      <path d="M90 202 L130 172 L96 128 L50 160 Z" fill="#ffa45c" />
      <path d="M350 202 L390 172 L446 196 L404 230 Z" fill="#e86a22" />
      <circle cx="220" cy="258" r="30" fill="#1f1a17" />
      <path d="M205 255h30a15 15 0 0 1-30 0z" fill="#ffb35c" />
      <circle cx="220" cy="245" r="5.5" fill="#fff6ee" />
      <text
        x="220"
        y="318"
        fontFamily="Arial, sans-serif"
        fontSize="17"
        fontWeight="700"
        fill="#1f1a17"
        textAnchor="middle"
        letterSpacing="2"
      >
        SAMPLE FIRST
      </text>
      <path d="M52 36 l5 14 l14 5 l-14 5 l-5 14 l-5 -14 l-14 -5 l14 -5 z" fill="#fff" />
      <path d="M424 70 l4 10 l10 4 l-10 4 l-4 10 l-4 -10 l-10 -4 l10 -4 z" fill="#fff" />
      <path d="M436 282 l3 8 l8 3 l-8 3 l-3 8 l-3 -8 l-8 -3 l8 -3 z" fill="#f26b1d" />
    </svg>
  );
}
