import { alarmName, translatorFor } from '../mail/messages';

const PREFIX = 'alarm.';

/** An alarm in a reader's language: the catalogue's `alarm.<CODE>` (else English), else the ADF's name, else the code. */
const translate = (language: string, code: string, adfName: string | null): string =>
  alarmName(translatorFor(language), code, adfName);

export function createTranslations() {
  return {
    translate,
    /** Every code the catalogue names, for sorting by translation in SQL. */
    entries(language: string): [code: string, text: string][] {
      return Object.keys(translatorFor(language).messages)
        .filter((id) => id.startsWith(PREFIX))
        .map((id) => [id.slice(PREFIX.length), translate(language, id.slice(PREFIX.length), null)]);
    },
  };
}

export type Translations = ReturnType<typeof createTranslations>;
