import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { en } from './en';

export type MessageId = keyof typeof en;
export type Messages = Record<MessageId, string>;

export const DEFAULT_LOCALE = 'en';

// Other languages are folders like en/, one chunk an area, fetched only when that language is chosen.
const lazyAreas = import.meta.glob<Partial<Messages>>(['./*/*.json', '!./en/*.json'], { import: 'default' });

/** The catalogue of `locale` over English, so a missing entry falls back to the English text. */
export async function loadMessages(locale: string): Promise<Messages> {
  const areas = Object.entries(lazyAreas).filter(([path]) => path.startsWith(`./${locale}/`));
  const loaded = await Promise.all(areas.map(([, load]) => load()));
  return Object.assign({}, en, ...loaded) as Messages;
}

const cache = createIntlCache();

export function createTranslator(locale: string, messages: Messages): IntlShape<string> {
  return createIntl({ locale, defaultLocale: DEFAULT_LOCALE, messages }, cache);
}

export const englishMessages: Messages = en;
