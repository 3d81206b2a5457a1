/** Three bars: the button that opens the navigation drawer on narrow screens; 1.5 times the theme's text size. */
export function MenuIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-icon"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
    </svg>
  );
}
