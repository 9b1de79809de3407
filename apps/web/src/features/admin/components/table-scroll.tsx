/**
 * A table that may scroll sideways on a phone: the scrolling box takes keyboard focus (so the
 * arrow keys scroll it) and is named by its section's heading. It is a group, not a second
 * region: the section around it is already the landmark of that name.
 */
export function TableScroll({ labelledBy, children }: { labelledBy: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would be wrong around a table; the group only names the scroll box
    <div className="admin-table-wrap" role="group" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
