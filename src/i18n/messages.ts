import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { en } from './en';

export type MessageId = keyof typeof en;
export type Messages = Record<MessageId, string>;

export const DEFAULT_LOCALE = 'en';

// Other catalogues are separate chunks, fetched only when a user of that language signs in.
const lazyCatalogues = import.meta.glob<{ default: Partial<Messages> }>('./*.json');

/** The catalogue of `locale` over English, so a missing entry falls back to the English text. */
export async function loadMessages(locale: string): Promise<Messages> {
  const load = lazyCatalogues[`./${locale}.json`];
  if (!load) return en;
  return { ...en, ...(await load()).default };
}

const cache = createIntlCache();

export function createTranslator(locale: string, messages: Messages): IntlShape<string> {
  return createIntl({ locale, defaultLocale: DEFAULT_LOCALE, messages }, cache);
}

export const englishMessages: Messages = en;
