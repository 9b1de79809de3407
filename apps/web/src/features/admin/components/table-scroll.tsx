/**
 * A table that may scroll sideways on a phone: the scrolling box takes keyboard focus (so the
 * arrow keys scroll it) and is named, by its section's heading (`labelledBy`) or by a name of its
 * own (`label`) where a section holds several tables. It is a group, not a second region: the
 * section around it is already the landmark.
 */
export function TableScroll({
  labelledBy,
  label,
  children,
}: ({ labelledBy: string; label?: never } | { label: string; labelledBy?: never }) & {
  children: React.ReactNode;
}) {
  const name = labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': label };
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would be wrong around a table; the group only names the scroll box
    <div className="admin-table-wrap" role="group" {...name} tabIndex={0}>
      {children}
    </div>
  );
}
