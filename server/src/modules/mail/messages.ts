import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { CATALOGUE_DIR } from '#i18n/catalogueDir';
import { en } from '#i18n/en';
import { LOCALES } from '#i18n/locales';

type Catalogue = Record<string, string>;

/** A language's catalogue: its folder's area files merged, as the SPA loads them. */
function readCatalogue(code: string): Catalogue {
  const dir = join(CATALOGUE_DIR.pathname, code);
  const areas = readdirSync(dir).filter((file) => file.endsWith('.json'));
  return Object.assign(
    {},
    ...areas.map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Catalogue),
  );
}

/** Every language of the interface; a missing entry falls back to English, as in the SPA. */
const CATALOGUES: Record<string, Catalogue> = Object.fromEntries(
  LOCALES.map(({ code }) => [code, code === 'en' ? en : readCatalogue(code)]),
);

const cache = createIntlCache();

const translators = new Map<string, IntlShape<string>>();

/**
 * The server's translator for a user's language code ('EN', 'fr'): the SPA's catalogues, ICU messages. One a
 * language, made when first asked for: a list names an alarm a row.
 */
export function translatorFor(languageCode: string): IntlShape<string> {
  const locale = CATALOGUES[languageCode.toLowerCase()] ? languageCode.toLowerCase() : 'en';
  let intl = translators.get(locale);
  if (!intl) {
    const messages = { ...en, ...CATALOGUES[locale] };
    intl = createIntl({ locale, defaultLocale: 'en', messages }, cache);
    translators.set(locale, intl);
  }
  return intl;
}

/** The alarm's name: the catalogue's `alarm.<CODE>`, else the ADF's name for it, else the code itself. */
export function alarmName(intl: IntlShape<string>, code: string, adfName: string | null): string {
  const id = `alarm.${code}`;
  return id in intl.messages ? intl.formatMessage({ id }) : (adfName ?? code);
}
