import type { Adf } from './schema';

/**
 * A model's texts in one language: the ADF's own (English) text of each name, page, line, option, department
 * and alarm to its translation. Keyed by the English text, as gettext keys its catalogues, so a word the model
 * uses in many places ('Off', 'Status') is translated once.
 */
export type AdfCatalogue = Readonly<Record<string, string>>;

/** Every text of a model that operators read: what its catalogues translate, each once. */
export function adfTexts(doc: Adf): string[] {
  const texts = new Set<string>([doc.name]);
  for (const kind of doc.kinds) {
    texts.add(kind.name);
    for (const page of kind.pages) {
      texts.add(page.name);
      for (const line of page.lines) {
        texts.add(line.name);
        for (const option of line.options ?? []) texts.add(option.label);
      }
    }
  }
  for (const department of doc.departments) texts.add(department.name);
  for (const alarm of Object.values(doc.alarms)) texts.add(alarm.name);
  return [...texts];
}

/** The model's document with its texts in the catalogue's language; a text the catalogue lacks stays English. */
export function translateAdf(doc: Adf, catalogue: AdfCatalogue): Adf {
  const text = (english: string) => (Object.hasOwn(catalogue, english) ? catalogue[english]! : english);
  return {
    ...doc,
    name: text(doc.name),
    kinds: doc.kinds.map((kind) => ({
      ...kind,
      name: text(kind.name),
      pages: kind.pages.map((page) => ({
        ...page,
        name: text(page.name),
        lines: page.lines.map((line) => ({
          ...line,
          name: text(line.name),
          ...(line.options && {
            options: line.options.map((option) => ({ ...option, label: text(option.label) })),
          }),
        })),
      })),
    })),
    departments: doc.departments.map((department) => ({ ...department, name: text(department.name) })),
    alarms: Object.fromEntries(
      Object.entries(doc.alarms).map(([code, alarm]) => [code, { ...alarm, name: text(alarm.name) }]),
    ),
  };
}
