/**
 * "MM / YY" as the person types, like Stripe's field: "1" stays "1", "12" becomes "12 / ",
 * "123" becomes "12 / 3"; a first digit above 1 is a month ("4" becomes "04 / "). Deleting
 * the separator deletes the month's last digit instead of leaving the field stuck.
 */
export function formatExpiry(input: string, previous = ''): string {
  let digits = input.replace(/\D/g, '');
  const isDeleting = input.length < previous.length;
  if (isDeleting && previous.endsWith(' / ') && !input.endsWith(' / ')) digits = digits.slice(0, -1);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return isDeleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}
