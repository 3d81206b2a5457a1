import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { en } from './en';
import { guestEn } from './en/guest';

export type MessageId = keyof typeof en;
export type Messages = Record<MessageId, string>;

export const DEFAULT_LOCALE = 'en';

// Other languages are folders like en/, fetched only when that language is chosen (one chunk a language:
// vite.config.ts). The mail areas are the server's (server/src/modules/mail): no page shows them.
const lazyAreas = import.meta.glob<Partial<Messages>>(['./*/*.json', '!./en/*.json', '!./*/*Mail.json'], {
  import: 'default',
});

/** The entries of `locale`'s catalogue (a language other than English), to lay over the English ones. */
export async function loadMessages(locale: string): Promise<Partial<Messages>> {
  const areas = Object.entries(lazyAreas).filter(([path]) => path.startsWith(`./${locale}/`));
  const loaded = await Promise.all(areas.map(([, load]) => load()));
  return Object.assign({}, ...loaded) as Partial<Messages>;
}

/*
 * English, the fallback of every language, comes in two parts: what the screens before sign-in say is in the
 * first chunk the browser loads; the signed-in world brings the rest (completeEnglish), so that the login screen
 * loads none of it.
 */
let english: Partial<Messages> = guestEn;
const englishListeners = new Set<() => void>();

/** The English entries loaded so far. */
export function currentEnglish(): Partial<Messages> {
  return english;
}

/** The whole English catalogue has arrived: every translator is made again over it. */
export function completeEnglish(messages: Messages): void {
  if (english === messages) return;
  english = messages;
  for (const listener of englishListeners) listener();
}

export function subscribeEnglish(listener: () => void): () => void {
  englishListeners.add(listener);
  return () => englishListeners.delete(listener);
}

const cache = createIntlCache();

export function createTranslator(locale: string, messages: Partial<Messages>): IntlShape<string> {
  return createIntl({ locale, defaultLocale: DEFAULT_LOCALE, messages }, cache);
}
