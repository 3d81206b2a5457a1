import type { SVGProps } from 'react';

/**
 * A 24×24 outline icon drawn inline in the current colour (it never depends on an emoji font) and hidden from
 * assistive technology: the control that holds it is named. Sized by its class or its width and height.
 */
export function OutlineIcon({ strokeWidth = '1.8', children, ...svgProps }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      aria-hidden="true"
      {...svgProps}
    >
      {children}
    </svg>
  );
}
