import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { IntlShape } from '@formatjs/intl';
import type { Locale } from 'date-fns';
import { loadDateLocale } from '../i18n/dateLocales';
import {
  createTranslator,
  currentEnglish,
  DEFAULT_LOCALE,
  loadMessages,
  subscribeEnglish,
  type MessageId,
  type Messages,
} from '../i18n/messages';
import type { Message } from '../machines/message';

interface Language {
  intl: IntlShape<string>;
  /** date-fns' month and day names of the language (undefined: English, date-fns' default). */
  dates: Locale | undefined;
}

interface LoadedLanguage {
  locale: string;
  messages: Partial<Messages>;
  dates: Locale | undefined;
}

const LanguageContext = createContext<Language | null>(null);

const englishLanguages = new WeakMap<Partial<Messages>, Language>();

/** English with the entries that have arrived (messages.ts): the login screen's, then all once signed in. */
function englishLanguage(messages: Partial<Messages>): Language {
  let language = englishLanguages.get(messages);
  if (!language) {
    language = { intl: createTranslator(DEFAULT_LOCALE, messages), dates: undefined };
    englishLanguages.set(messages, language);
  }
  return language;
}

/**
 * Provides the catalogue of `locale`, showing English until a lazily loaded catalogue arrives; while another
 * language loads, the last one loaded stays. Entries a language lacks fall back to the English ones.
 */
export function I18nProvider({ locale, children }: { locale: string; children: ReactNode }) {
  const english = englishLanguage(useSyncExternalStore(subscribeEnglish, currentEnglish));
  const [loaded, setLoaded] = useState<LoadedLanguage | null>(null);
  useEffect(() => {
    if (locale === DEFAULT_LOCALE) return;
    let current = true;
    void Promise.all([loadMessages(locale), loadDateLocale(locale)]).then(([messages, dates]) => {
      if (current) setLoaded({ locale, messages, dates });
    });
    return () => {
      current = false;
    };
  }, [locale]);
  const language = useMemo(
    () =>
      locale === DEFAULT_LOCALE || !loaded
        ? english
        : {
            intl: createTranslator(loaded.locale, { ...english.intl.messages, ...loaded.messages }),
            dates: loaded.dates,
          },
    [locale, loaded, english],
  );
  // Screen readers and the browser's hyphenation read the page in the language it is written in.
  useEffect(() => {
    document.documentElement.lang = language.intl.locale;
  }, [language]);
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

/** The provider's language; outside one (a view rendered on its own), English as far as it has arrived. */
function useLanguage(): Language {
  return useContext(LanguageContext) ?? englishLanguage(currentEnglish());
}

export type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

export function useT(): Translate {
  const { intl } = useLanguage();
  return (id, values) => intl.formatMessage({ id }, values);
}

/** The language the interface is shown in (English while another's catalogue loads), for numbers and dates. */
export function useLocale(): string {
  return useLanguage().intl.locale;
}

/** date-fns' locale of the interface language, for dates that name months or days (undefined in English). */
export function useDateLocale(): Locale | undefined {
  return useLanguage().dates;
}

/** Text of a machine's Message: a catalogue entry, or server-written text shown as is. */
export function useMessageText(): (message: Message) => string {
  const t = useT();
  return (message) => ('text' in message ? message.text : t(message.id, message.values));
}

/** The interface's formatters (relative times, lists…) in its language. */
export function useIntl(): IntlShape<string> {
  return useLanguage().intl;
}
