/**
 * Which carrier a tracking number belongs to, told from its format, and the carrier's public
 * tracking page for it (docs/product.md#tracking-links). Membership, the order page and the shipped
 * mails all link a tracking number through this one function; a number of no known format is
 * shown as plain text.
 */
export type Carrier = 'USPS' | 'UPS' | 'FedEx';

export interface CarrierLink {
  carrier: Carrier;
  /** The carrier's tracking page for this number. */
  url: string;
}

const FORMATS: { carrier: Carrier; pattern: RegExp; url: (n: string) => string }[] = [
  // UPS: "1Z", 6 characters of shipper account, 2 of service, 8 digits of package.
  { carrier: 'UPS', pattern: /^1Z[0-9A-Z]{16}$/, url: (n) => `https://www.ups.com/track?tracknum=${n}` },
  // USPS: 20-22 digits starting 91-95 (IMpb), or the 13-character international S10 ("EC123456789US").
  {
    carrier: 'USPS',
    pattern: /^(9[1-5]\d{18,20}|[A-Z]{2}\d{9}US)$/,
    url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  },
  // FedEx: 12 digits (Express), 15 (Ground), or 20/22 digits starting 96 (Ground 96).
  {
    carrier: 'FedEx',
    pattern: /^(\d{12}|\d{15}|96\d{18}|96\d{20})$/,
    url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  },
];

/** The carrier and tracking page of a tracking number, or null when its format is not known. */
export function carrierLink(trackingNumber: string | null | undefined): CarrierLink | null {
  if (!trackingNumber) return null;
  const number = trackingNumber.replace(/[\s-]/g, '').toUpperCase();
  const format = FORMATS.find((f) => f.pattern.test(number));
  return format ? { carrier: format.carrier, url: format.url(encodeURIComponent(number)) } : null;
}
