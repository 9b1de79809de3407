import './button.css';

/** A busy indicator; `label` is read by screen readers when the spinner stands alone. */
export function Spinner({ large = false, label }: { large?: boolean; label?: string }) {
  return (
    <span
      className={large ? 'spinner spinner--large' : 'spinner'}
      role={label ? 'status' : undefined}
      aria-hidden={label ? undefined : true}
    >
      {label ? <span className="visually-hidden">{label}</span> : null}
    </span>
  );
}
