import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './box.css';

export interface SampleTileProps {
  image: string;
  brand: string;
  title: string;
  /** A label above the picture ("Prime pick"). */
  badge?: string;
  children?: ReactNode;
}

/** One sample of a box: packet picture, brand and title, with its actions below. */
export function SampleTile({ image, brand, title, badge, children }: SampleTileProps) {
  return (
    <li className="sample-tile">
      {badge ? <span className="sample-tile__badge">{badge}</span> : null}
      <img className="sample-tile__image" src={image} alt="" width={120} height={120} loading="lazy" />
      <span className="sample-tile__brand">{brand}</span>
      <span className="sample-tile__title">{title}</span>
      {children ? <div className="sample-tile__actions">{children}</div> : null}
    </li>
  );
}

/** An empty slot of the box: a "+" that leads to choosing a sample. */
export function PlusTile({ to, label }: { to?: string; label: string }) {
  return (
    <li className="sample-tile sample-tile--empty">
      {to ? (
        <Link to={to} className="sample-tile__plus" aria-label={label}>
          <span aria-hidden="true">+</span>
        </Link>
      ) : (
        <span className="sample-tile__plus" role="img" aria-label={label}>
          <span aria-hidden="true">+</span>
        </span>
      )}
    </li>
  );
}
