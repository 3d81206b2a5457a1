import { OutlineIcon } from './OutlineIcon';

/**
 * Outline eye (crossed out when `crossed`), drawn inline so it never depends on an emoji font; the size of a dense
 * row's icon (1.25 times the theme's text size), as it sits in a text field.
 */
export function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <OutlineIcon className="size-icon-dense">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" strokeLinejoin="round" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" strokeLinecap="round" />}
    </OutlineIcon>
  );
}
