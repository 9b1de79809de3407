import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RatingLine } from '@/components/ui/rating.tsx';
import './box.css';

export interface SampleTileProps {
  image: string;
  brand: string;
  title: string;
  /** A label above the picture ("Prime pick"). */
  badge?: string;
  /** The product's member reviews, when the tile offers a product to choose. */
  rating?: { reviewCount: number; averageRating: number | null };
  children?: ReactNode;
}

/** One sample of a box: packet picture, brand and title, with its actions below. */
export function SampleTile({ image, brand, title, badge, rating, children }: SampleTileProps) {
  return (
    <li className="box-tile">
      {badge ? <span className="box-tile__badge">{badge}</span> : null}
      <img className="box-tile__image" src={image} alt="" width={120} height={120} loading="lazy" />
      <span className="box-tile__brand">{brand}</span>
      <span className="box-tile__title">{title}</span>
      {rating ? <RatingLine reviewCount={rating.reviewCount} averageRating={rating.averageRating} /> : null}
      {children ? <div className="box-tile__actions">{children}</div> : null}
    </li>
  );
}

/** An empty slot of the box: a "+" that leads to choosing a sample. */
export function PlusTile({ to, label }: { to?: string; label: string }) {
  return (
    <li className="box-tile box-tile--empty">
      {to ? (
        <Link to={to} className="box-tile__plus" aria-label={label}>
          <span aria-hidden="true">+</span>
        </Link>
      ) : (
        <span className="box-tile__plus" role="img" aria-label={label}>
          <span aria-hidden="true">+</span>
        </span>
      )}
    </li>
  );
}
