import { OutlineIcon } from './OutlineIcon';

/** Outline thermometer, drawn inline; sized by its class (the theme's icon sizes: size-icon, size-icon-dense). */
export function ThermometerIcon({ className }: { className: string }) {
  return (
    <OutlineIcon className={className}>
      <path d="M10 14.5V5a2 2 0 1 1 4 0v9.5a4 4 0 1 1-4 0Z" strokeLinejoin="round" />
      <path d="M12 9v7" strokeLinecap="round" />
    </OutlineIcon>
  );
}
