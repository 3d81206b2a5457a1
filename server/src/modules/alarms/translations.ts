import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The SPA's catalogues: the server names alarms in the words the browser shows. */
const I18N_DIR = fileURLToPath(new URL('../../../../src/i18n', import.meta.url));

export type Catalogue = Readonly<Record<string, string>>;

function readCatalogue(language: string): Catalogue | undefined {
  try {
    const parsed = JSON.parse(readFileSync(`${I18N_DIR}/${language}/alarms.json`, 'utf8')) as unknown;
    if (!parsed || typeof parsed !== 'object') return undefined;
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return undefined; // no catalogue for this language (yet)
  }
}

/**
 * `alarm.<CODE>` in the user's language, else English, else the ADF's name, else the code. Catalogues are read
 * once per language and kept (they ship with the build).
 */
export function createTranslations(dir: (language: string) => Catalogue | undefined = readCatalogue) {
  const loaded = new Map<string, Catalogue | undefined>();
  const catalogue = (language: string) => {
    const key = language.toLowerCase();
    if (!loaded.has(key)) loaded.set(key, dir(key));
    return loaded.get(key);
  };
  return {
    translate(language: string, code: string, adfName: string | null): string {
      const id = `alarm.${code}`;
      return catalogue(language)?.[id] ?? catalogue('en')?.[id] ?? adfName ?? code;
    },
    /** Every code the catalogue names, for sorting by translation in SQL. */
    entries(language: string): [code: string, text: string][] {
      const merged = { ...catalogue('en'), ...catalogue(language) };
      return Object.entries(merged)
        .filter(([id]) => id.startsWith('alarm.'))
        .map(([id, text]) => [id.slice('alarm.'.length), text]);
    },
  };
}

export type Translations = ReturnType<typeof createTranslations>;
