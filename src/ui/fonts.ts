import type { THEME_FONTS } from '../services/contracts';

/**
 * Families for the account's theme font. No webfonts are downloaded (privacy, CSP and the login-page
 * budget): the named font is used when installed, otherwise the system stack.
 */
export const SYSTEM_FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

const FAMILY: Record<(typeof THEME_FONTS)[number], string> = {
  ROBOTO: 'Roboto',
  OPEN_SANS: '"Open Sans"',
  LATO: 'Lato',
  MONTSERRAT: 'Montserrat',
  OSWALD: 'Oswald',
  SOURCE_SANS_PRO: '"Source Sans Pro", "Source Sans 3"',
  SLABO_27PX: '"Slabo 27px"',
  RALEWAY: 'Raleway',
  PT_SANS: '"PT Sans"',
  MERRIWEATHER: 'Merriweather',
  NUNITO_SANS: '"Nunito Sans"',
  PROMPT: 'Prompt',
  WORK_SANS: '"Work Sans"',
};

/** The family of the account's font; own keys only, so a name like 'constructor' is the system font. */
export function fontFamily(themeFont: string): string {
  if (!Object.hasOwn(FAMILY, themeFont)) return SYSTEM_FONT_STACK;
  return `${FAMILY[themeFont as keyof typeof FAMILY]}, ${SYSTEM_FONT_STACK}`;
}
