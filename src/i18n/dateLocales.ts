import type { Locale } from 'date-fns';

/**
 * date-fns' words of each interface language (month and day names), one small chunk each, fetched with the
 * language's catalogue. English is date-fns' own default.
 */
const LOADERS: Record<string, () => Promise<Locale>> = {
  da: () => import('date-fns/locale/da').then((module) => module.da),
  de: () => import('date-fns/locale/de').then((module) => module.de),
  es: () => import('date-fns/locale/es').then((module) => module.es),
  fi: () => import('date-fns/locale/fi').then((module) => module.fi),
  fr: () => import('date-fns/locale/fr').then((module) => module.fr),
  hu: () => import('date-fns/locale/hu').then((module) => module.hu),
  nl: () => import('date-fns/locale/nl').then((module) => module.nl),
  pl: () => import('date-fns/locale/pl').then((module) => module.pl),
  ru: () => import('date-fns/locale/ru').then((module) => module.ru),
  sk: () => import('date-fns/locale/sk').then((module) => module.sk),
};

/** The date-fns locale of an interface language; undefined for English and a language date-fns lacks. */
export const loadDateLocale = (code: string): Promise<Locale | undefined> =>
  LOADERS[code]?.() ?? Promise.resolve(undefined);
