import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#i18n/locales';
import { DEFAULT_ADF_DIR, loadAdfs } from './loader';
import { adfTexts } from './texts';

const adfs = await loadAdfs();
const others = LOCALES.map((locale) => locale.code).filter((code) => code !== 'en');
const catalogue = async (language: string, model: string) =>
  JSON.parse(await readFile(join(DEFAULT_ADF_DIR, 'i18n', language, `${model}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

/** Like the SPA's catalogues (tests/ui/catalogues.test.ts): every language has every entry, and nothing else. */
describe("the ADFs' catalogues", () => {
  it('are there for every language of the interface but English, the language the ADFs are written in', async () => {
    expect((await readdir(join(DEFAULT_ADF_DIR, 'i18n'))).sort()).toEqual([...others].sort());
    for (const language of others)
      expect((await readdir(join(DEFAULT_ADF_DIR, 'i18n', language))).sort(), language).toEqual(
        [...adfs.keys()].map((model) => `${model}.json`).sort(),
      );
  });

  describe.each([...adfs.keys()])('%s', (model) => {
    const texts = adfTexts(adfs.get(model)!.doc);

    it.each(others)('translates every text of the model into %s, and nothing else', async (language) => {
      const entries = await catalogue(language, model);
      expect(Object.keys(entries).sort()).toEqual([...texts].sort());
      expect(Object.values(entries).every((text) => typeof text === 'string' && text.trim() !== '')).toBe(
        true,
      );
      // Names of things (CO2, PT1000, 'Status' in German) may read the same: most texts must not.
      const same = texts.filter((text) => entries[text] === text);
      expect(same.length, `left in English: ${same.join(', ')}`).toBeLessThan(texts.length / 4);
    });

    it.each(others)('is what the model reads in %s', async (language) => {
      const entries = await catalogue(language, model);
      const adf = adfs.get(model)!;
      const first = adf.doc.departments[0]!;
      expect(adf.in(language).department(first.department, first.subDepartment)?.name).toBe(
        entries[first.name],
      );
      expect(adf.in(language.toUpperCase())).toBe(adf.in(language));
    });
  });
});
