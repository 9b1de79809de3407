import { carrierLink } from '@store/contracts';

/**
 * A tracking number as a link to its carrier's tracking page, the carrier told from the number's
 * format (docs/product.md#tracking-links); a number of no known format stays plain text.
 */
export function TrackingLink({ trackingNumber }: { trackingNumber: string }) {
  const link = carrierLink(trackingNumber);
  if (!link) return <span className="tracking-number">{trackingNumber}</span>;
  return (
    <a className="tracking-number" href={link.url} target="_blank" rel="noopener noreferrer">
      {trackingNumber}
      <span className="visually-hidden"> (track with {link.carrier}, opens in a new tab)</span>
      <span aria-hidden="true"> ({link.carrier})</span>
    </a>
  );
}
