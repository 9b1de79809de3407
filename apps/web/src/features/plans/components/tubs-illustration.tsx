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
      {TUBS.map((tub) => (
        <Tub key={tub.name} {...tub} />
      ))}
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

/** One tub of the picture: its lid, body, label (name and detail) and the shine near its foot. */
interface TubDrawing {
  /** The body's left edge and width; the lid overhangs it by 4 on each side. */
  x: number;
  width: number;
  lidTop: number;
  lidHeight: number;
  /** The body's foot (it starts 2 under the lid's top edge plus its height). */
  bottom: number;
  labelTop: number;
  labelHeight: number;
  nameY: number;
  nameSize: number;
  detailY: number;
  detailSize: number;
  shineY: number;
  shineWidth: number;
  body: string;
  label: string;
  nameColor: string;
  detailColor: string;
  name: string;
  detail: string;
}

// The two small tubs stand behind the large one, so they are drawn first.
const SMALL = {
  width: 102,
  lidTop: 150,
  lidHeight: 28,
  bottom: 350,
  labelTop: 222,
  labelHeight: 76,
  nameY: 254,
  nameSize: 14,
  detailY: 276,
  detailSize: 9,
  shineY: 310,
  shineWidth: 44,
  label: '#fff6ee',
  nameColor: '#1f1a17',
  detailColor: '#5b524c',
};

const TUBS: TubDrawing[] = [
  { ...SMALL, x: 74, body: '#6b3e26', name: 'COCOA', detail: '2 lb · whey' },
  { ...SMALL, x: 304, body: '#5fb49c', name: 'MINT CHIP', detail: '2 lb · plant' },
  {
    x: 169,
    width: 142,
    lidTop: 90,
    lidHeight: 36.68,
    bottom: 352,
    labelTop: 184.32,
    labelHeight: 99.56,
    nameY: 226.24,
    nameSize: 20,
    detailY: 255.06,
    detailSize: 13,
    shineY: 299.6,
    shineWidth: 60,
    body: '#ff8a3d',
    label: '#1f1a17',
    nameColor: '#ffb35c',
    detailColor: '#fff6ee',
    name: 'VANILLA',
    detail: '5 lb · isolate',
  },
];

function Tub(tub: TubDrawing) {
  const bodyTop = tub.lidTop + tub.lidHeight - 2;
  const centre = tub.x + tub.width / 2;
  const text = { x: centre, fontFamily: 'Arial, sans-serif', textAnchor: 'middle' } as const;
  return (
    <g>
      <rect x={tub.x} y={bodyTop} width={tub.width} height={tub.bottom - bodyTop} rx="14" fill={tub.body} />
      <rect x={tub.x - 4} y={tub.lidTop} width={tub.width + 8} height={tub.lidHeight} rx="8" fill="#1f1a17" />
      <rect x={tub.x} y={tub.labelTop} width={tub.width} height={tub.labelHeight} fill={tub.label} />
      <text {...text} y={tub.nameY} fontSize={tub.nameSize} fontWeight="700" fill={tub.nameColor}>
        {tub.name}
      </text>
      <text {...text} y={tub.detailY} fontSize={tub.detailSize} fill={tub.detailColor}>
        {tub.detail}
      </text>
      <rect
        x={centre - tub.shineWidth / 2}
        y={tub.shineY}
        width={tub.shineWidth}
        height="6"
        rx="3"
        fill="#ffffff"
        opacity="0.35"
      />
    </g>
  );
}
