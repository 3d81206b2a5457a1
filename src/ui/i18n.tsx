import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { IntlShape } from '@formatjs/intl';
import {
  createTranslator,
  DEFAULT_LOCALE,
  englishMessages,
  loadMessages,
  type MessageId,
} from '../i18n/messages';
import type { Message } from '../machines/message';

const english = createTranslator(DEFAULT_LOCALE, englishMessages);
const IntlContext = createContext<IntlShape<string>>(english);

/**
 * Provides the catalogue of `locale`, showing English (built in) until a lazily loaded catalogue arrives; while
 * another language loads, the last one loaded stays.
 */
export function I18nProvider({ locale, children }: { locale: string; children: ReactNode }) {
  const [loaded, setLoaded] = useState<IntlShape<string> | null>(null);
  useEffect(() => {
    if (locale === DEFAULT_LOCALE) return;
    let current = true;
    void loadMessages(locale).then((messages) => {
      if (current) setLoaded(createTranslator(locale, messages));
    });
    return () => {
      current = false;
    };
  }, [locale]);
  const intl = locale === DEFAULT_LOCALE ? english : (loaded ?? english);
  // Screen readers and the browser's hyphenation read the page in the language it is written in.
  useEffect(() => {
    document.documentElement.lang = intl.locale;
  }, [intl]);
  return <IntlContext.Provider value={intl}>{children}</IntlContext.Provider>;
}

export type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

export function useT(): Translate {
  const intl = useContext(IntlContext);
  return (id, values) => intl.formatMessage({ id }, values);
}

/** The language the interface is shown in (English while another's catalogue loads), for numbers and dates. */
export function useLocale(): string {
  return useContext(IntlContext).locale;
}

/** Text of a machine's Message: a catalogue entry, or server-written text shown as is. */
export function useMessageText(): (message: Message) => string {
  const t = useT();
  return (message) => ('text' in message ? message.text : t(message.id, message.values));
}

/** The interface's formatters (relative times, lists…) in its language. */
export function useIntl(): IntlShape<string> {
  return useContext(IntlContext);
}
