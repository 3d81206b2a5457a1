import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { en } from '../../../../src/i18n/en';

type Catalogue = Record<string, string>;

/** Only English exists yet; other languages fall back to it, as the SPA's catalogues do. */
const CATALOGUES: Record<string, Catalogue> = { en };

const cache = createIntlCache();

/** The server's translator for a user's language code ('EN', 'fr'): the SPA's catalogues, ICU messages. */
export function translatorFor(languageCode: string): IntlShape<string> {
  const locale = languageCode.toLowerCase();
  const messages = { ...en, ...(CATALOGUES[locale] ?? {}) };
  return createIntl({ locale: CATALOGUES[locale] ? locale : 'en', defaultLocale: 'en', messages }, cache);
}

/** The alarm's name: the catalogue's `alarm.<CODE>`, else the ADF's name for it, else the code itself. */
export function alarmName(intl: IntlShape<string>, code: string, adfName: string | null): string {
  const id = `alarm.${code}`;
  return id in intl.messages ? intl.formatMessage({ id }) : (adfName ?? code);
}
