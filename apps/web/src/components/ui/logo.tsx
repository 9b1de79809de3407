/** The wordmark: a scoop mark and the store's name. */
export function Logo() {
  return (
    <span className="logo">
      <svg
        className="logo__mark"
        viewBox="0 0 32 32"
        width="32"
        height="32"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="16" cy="16" r="15" fill="#1f1a17" />
        <path d="M8 15h16a8 8 0 0 1-16 0z" fill="#ffb35c" />
        <circle cx="16" cy="11" r="3.2" fill="#fff6ee" />
      </svg>
      <span className="logo__name">Sample First</span>
    </span>
  );
}
