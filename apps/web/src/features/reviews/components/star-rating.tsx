import { useId, useState } from 'react';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * Five stars as a radio group: arrow keys move the rating, hovering previews it (docs/product.md#states-and-flows).
 * 0 means no rating yet.
 */
export function StarRating({ value, onChange }: { value: number; onChange: (rating: number) => void }) {
  const name = useId();
  const [preview, setPreview] = useState(0);
  const shown = preview || value;
  return (
    <fieldset className="stars" onMouseLeave={() => setPreview(0)}>
      <legend className="stars__legend">Your rating</legend>
      {STARS.map((star) => (
        <label key={star} className="stars__star" onMouseEnter={() => setPreview(star)}>
          <input
            type="radio"
            className="visually-hidden"
            name={name}
            value={star}
            checked={value === star}
            onChange={() => onChange(star)}
          />
          <span aria-hidden="true" className={star <= shown ? 'stars__icon is-on' : 'stars__icon'}>
            ★
          </span>
          <span className="visually-hidden">
            {star} {star === 1 ? 'star' : 'stars'}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
