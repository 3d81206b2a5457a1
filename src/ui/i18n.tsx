import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { IntlShape } from '@formatjs/intl';
import type { Locale } from 'date-fns';
import { loadDateLocale } from '../i18n/dateLocales';
import {
  createTranslator,
  DEFAULT_LOCALE,
  englishMessages,
  loadMessages,
  type MessageId,
} from '../i18n/messages';
import type { Message } from '../machines/message';

interface Language {
  intl: IntlShape<string>;
  /** date-fns' month and day names of the language (undefined: English, date-fns' default). */
  dates: Locale | undefined;
}

const english: Language = { intl: createTranslator(DEFAULT_LOCALE, englishMessages), dates: undefined };
const LanguageContext = createContext<Language>(english);

/**
 * Provides the catalogue of `locale`, showing English (built in) until a lazily loaded catalogue arrives; while
 * another language loads, the last one loaded stays.
 */
export function I18nProvider({ locale, children }: { locale: string; children: ReactNode }) {
  const [loaded, setLoaded] = useState<Language | null>(null);
  useEffect(() => {
    if (locale === DEFAULT_LOCALE) return;
    let current = true;
    void Promise.all([loadMessages(locale), loadDateLocale(locale)]).then(([messages, dates]) => {
      if (current) setLoaded({ intl: createTranslator(locale, messages), dates });
    });
    return () => {
      current = false;
    };
  }, [locale]);
  const language = locale === DEFAULT_LOCALE ? english : (loaded ?? english);
  // Screen readers and the browser's hyphenation read the page in the language it is written in.
  useEffect(() => {
    document.documentElement.lang = language.intl.locale;
  }, [language]);
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

export type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

export function useT(): Translate {
  const { intl } = useContext(LanguageContext);
  return (id, values) => intl.formatMessage({ id }, values);
}

/** The language the interface is shown in (English while another's catalogue loads), for numbers and dates. */
export function useLocale(): string {
  return useContext(LanguageContext).intl.locale;
}

/** date-fns' locale of the interface language, for dates that name months or days (undefined in English). */
export function useDateLocale(): Locale | undefined {
  return useContext(LanguageContext).dates;
}

/** Text of a machine's Message: a catalogue entry, or server-written text shown as is. */
export function useMessageText(): (message: Message) => string {
  const t = useT();
  return (message) => ('text' in message ? message.text : t(message.id, message.values));
}

/** The interface's formatters (relative times, lists…) in its language. */
export function useIntl(): IntlShape<string> {
  return useContext(LanguageContext).intl;
}
