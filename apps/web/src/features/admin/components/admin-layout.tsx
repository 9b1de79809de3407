import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import './admin.css';

const SECTIONS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/insights', label: 'Insights' },
  { to: '/admin/fulfilment', label: 'Boxes', group: 'Fulfillment', end: true },
  { to: '/admin/fulfilment/cart-orders', label: 'Tub orders', group: 'Fulfillment' },
  { to: '/admin/catalog', label: 'Products', group: 'Catalog' },
  { to: '/admin/brands', label: 'Brands', group: 'Catalog' },
  { to: '/admin/members', label: 'Members', group: 'Members' },
  { to: '/admin/coupons', label: 'Coupons', group: 'Members' },
  { to: '/admin/reviews', label: 'Reviews', group: 'Members' },
  { to: '/admin/messages', label: 'Messages', group: 'Inbox' },
  { to: '/admin/partners', label: 'Partner requests', group: 'Inbox' },
  { to: '/admin/issue-reports', label: 'Issue reports', group: 'Inbox' },
  { to: '/admin/audit', label: 'Audit log', group: 'Records' },
] as const;

/** The back office frame: a side navigation (a scrolling bar on phones) and the section. */
export function AdminLayout() {
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  // On a phone the bar scrolls sideways: keep the current section in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path changing is the trigger
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (nav && current && nav.scrollWidth > nav.clientWidth) {
      const left = current.getBoundingClientRect().left - nav.getBoundingClientRect().left + nav.scrollLeft;
      nav.scrollLeft = left - (nav.clientWidth - current.offsetWidth) / 2;
    }
  }, [pathname]);
  let lastGroup: string | undefined;
  return (
    <div className="admin">
      <nav className="admin__nav" aria-label="Back office" ref={navRef}>
        <p className="admin__nav-title">Back office</p>
        <ul className="admin__nav-list">
          {SECTIONS.map((s) => {
            const group = 'group' in s ? s.group : undefined;
            const heading = group && group !== lastGroup ? group : undefined;
            lastGroup = group;
            return (
              <li
                key={s.to}
                className={heading ? 'admin__nav-item admin__nav-item--grouped' : 'admin__nav-item'}
              >
                {heading ? (
                  <span className="admin__nav-group" aria-hidden="true">
                    {heading}
                  </span>
                ) : null}
                <NavLink to={s.to} end={'end' in s} className="admin__nav-link">
                  {s.label}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <main className="admin__main">
        <Outlet />
      </main>
    </div>
  );
}
