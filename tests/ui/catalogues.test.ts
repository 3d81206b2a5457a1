import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#i18n/locales';

/** Every catalogue file, by path ('../../src/i18n/de/tree.json'). */
const files = import.meta.glob<Record<string, string>>('../../src/i18n/*/*.json', {
  eager: true,
  import: 'default',
});
const areasOf = (locale: string) =>
  Object.fromEntries(
    Object.entries(files)
      .filter(([path]) => path.includes(`/i18n/${locale}/`))
      .map(([path, messages]) => [path.slice(path.lastIndexOf('/') + 1), messages]),
  );

/** The placeholders of a message (arguments, plurals, selects, tags), and its plurals' categories. */
function shape(message: string) {
  const names = new Set<string>();
  const plurals: string[][] = [];
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.value);
      if (element.type === TYPE.plural) plurals.push(Object.keys(element.options));
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) walk(option.value);
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return { names: [...names].sort(), plurals };
}

const english = areasOf('en');

describe('the catalogues', () => {
  it('offer the eleven languages of the product, English first', () => {
    expect(LOCALES.map((l) => l.code)).toEqual([
      'en',
      'da',
      'de',
      'nl',
      'es',
      'fi',
      'fr',
      'hu',
      'pl',
      'sk',
      'ru',
    ]);
  });

  describe.each(LOCALES.filter((l) => l.code !== 'en'))('$label ($code)', ({ code }) => {
    const own = areasOf(code);

    it('has every area and every entry of English, and nothing else', () => {
      expect(Object.keys(own).sort()).toEqual(Object.keys(english).sort());
      for (const [area, messages] of Object.entries(english))
        expect(Object.keys(own[area] ?? {}).sort(), area).toEqual(Object.keys(messages).sort());
    });

    it("keeps English's placeholders in every entry, and every plural form the language has", () => {
      const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
      const wrong: string[] = [];
      for (const [area, messages] of Object.entries(english)) {
        for (const [id, message] of Object.entries(messages)) {
          const translated = own[area]?.[id];
          if (translated === undefined) continue;
          let theirs: ReturnType<typeof shape>;
          try {
            theirs = shape(translated);
          } catch (error) {
            wrong.push(`${id}: does not parse (${String(error)})`);
            continue;
          }
          if (theirs.names.join() !== shape(message).names.join())
            wrong.push(`${id}: {${theirs.names.join(', ')}} instead of {${shape(message).names.join(', ')}}`);
          for (const forms of theirs.plurals) {
            const missing = categories.filter((category) => !forms.includes(category));
            if (missing.length) wrong.push(`${id}: plural lacks ${missing.join(', ')}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  });
});
