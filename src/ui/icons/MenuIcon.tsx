import { OutlineIcon } from './OutlineIcon';

/** Three bars: the button that opens the navigation drawer on narrow screens; 1.5 times the theme's text size. */
export function MenuIcon() {
  return (
    <OutlineIcon className="size-icon" strokeWidth="2">
      <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
    </OutlineIcon>
  );
}
