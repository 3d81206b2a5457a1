import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import {
  Adf,
  type AdfAlarm,
  type AdfDepartment,
  type AdfDepartmentKind,
  type AdfLine,
  type AdfPage,
} from './schema';
import { type AdfCatalogue, translateAdf } from './texts';

/** Where the ADFs shipped with the product live: server/adf/<model>.json. */
export const DEFAULT_ADF_DIR = fileURLToPath(new URL('../../../adf', import.meta.url));

export class AdfError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    detail: string,
  ) {
    super(`${file}: ${field ? `${field}: ` : ''}${detail}`);
    this.name = 'AdfError';
  }
}

/** An ADF with lookup tables built once at load time. */
export class CompiledAdf {
  readonly departmentsByKey = new Map<string, AdfDepartment>();
  readonly kinds = new Map<string, CompiledKind>();
  private readonly translated = new Map<string, CompiledAdf>();

  /** `catalogues`: the model's texts in other languages, by language code (server/adf/i18n/<code>/). */
  constructor(
    readonly doc: Adf,
    private readonly catalogues: ReadonlyMap<string, AdfCatalogue> = new Map(),
  ) {
    for (const k of doc.kinds) this.kinds.set(k.kind, new CompiledKind(k));
    for (const d of doc.departments)
      this.departmentsByKey.set(departmentKey(d.department, d.subDepartment), d);
  }

  /** The languages the model has a catalogue of (lower-case codes), English not among them. */
  get languages(): string[] {
    return [...this.catalogues.keys()];
  }

  /**
   * The model with its names, pages, lines, options, departments and alarms in `language` (a code as users
   * choose it, any case), built once a language; the ADF's own English without a catalogue for it.
   */
  in(language: string): CompiledAdf {
    const code = language.toLowerCase();
    const catalogue = this.catalogues.get(code);
    if (!catalogue) return this;
    let translated = this.translated.get(code);
    if (!translated) {
      translated = new CompiledAdf(translateAdf(this.doc, catalogue));
      this.translated.set(code, translated);
    }
    return translated;
  }

  get model(): string {
    return this.doc.model;
  }

  /** How long after its last report a department's values are stale (the ADF's staleAfterSeconds). */
  get staleAfterMs(): number {
    return this.doc.staleAfterSeconds * 1000;
  }

  /** The alarm codes this model raises, with their ADF names. */
  get alarms(): Readonly<Record<string, AdfAlarm>> {
    return this.doc.alarms;
  }

  /** The ADF's name of an alarm code, or undefined when the model does not name it. */
  alarmName(code: string): string | undefined {
    return Object.hasOwn(this.doc.alarms, code) ? this.doc.alarms[code]?.name : undefined;
  }

  department(department: number, subDepartment: number): AdfDepartment | undefined {
    return this.departmentsByKey.get(departmentKey(department, subDepartment));
  }

  kindOf(department: number, subDepartment: number): CompiledKind | undefined {
    const d = this.department(department, subDepartment);
    return d ? this.kinds.get(d.kind) : undefined;
  }
}

export class CompiledKind {
  readonly pages = new Map<number, AdfPage>();
  readonly lines = new Map<string, AdfLine>();
  readonly byKey = new Map<string, { page: number; line: AdfLine }>();

  constructor(readonly doc: AdfDepartmentKind) {
    for (const p of doc.pages) {
      this.pages.set(p.number, p);
      for (const l of p.lines) {
        this.lines.set(lineKey(p.number, l.number), l);
        this.byKey.set(l.key, { page: p.number, line: l });
      }
    }
  }

  line(page: number, line: number): AdfLine | undefined {
    return this.lines.get(lineKey(page, line));
  }
}

export const departmentKey = (department: number, subDepartment: number) => `${department}.${subDepartment}`;
export const lineKey = (page: number, line: number) => `${page}.${line}`;

/** Validates one ADF document; throws AdfError naming the file and the first failing field. */
export function parseAdf(json: unknown, file = '<adf>'): CompiledAdf {
  const result = v.safeParse(Adf, json);
  if (!result.success) {
    const issue = result.issues[0];
    const field = v.getDotPath(issue) ?? '';
    throw new AdfError(file, field, issue.message);
  }
  return new CompiledAdf(result.output);
}

export type AdfRegistry = ReadonlyMap<string, CompiledAdf>;

async function readJson(path: string): Promise<{ json: unknown; shown: string }> {
  const shown = relative(process.cwd(), path) || path;
  try {
    return { json: JSON.parse(await readFile(path, 'utf8')), shown };
  } catch (error) {
    throw new AdfError(shown, '', `not valid JSON (${(error as Error).message})`);
  }
}

const Catalogue = v.record(v.string(), v.pipe(v.string('a translation must be text'), v.nonEmpty()));

/** The catalogues of a model: `<dir>/i18n/<language>/<model>.json`, each language that has one. */
async function loadCatalogues(dir: string, model: string): Promise<Map<string, AdfCatalogue>> {
  const catalogues = new Map<string, AdfCatalogue>();
  const languages = await readdir(join(dir, 'i18n')).catch(() => [] as string[]);
  for (const language of languages.sort()) {
    const files = await readdir(join(dir, 'i18n', language));
    if (!files.includes(`${model}.json`)) continue;
    const { json, shown } = await readJson(join(dir, 'i18n', language, `${model}.json`));
    const parsed = v.safeParse(Catalogue, json);
    if (!parsed.success)
      throw new AdfError(shown, v.getDotPath(parsed.issues[0]) ?? '', parsed.issues[0].message);
    catalogues.set(language, parsed.output);
  }
  return catalogues;
}

/**
 * Reads and validates every *.json in dir, with its catalogues (i18n/). A file that is not JSON, fails the
 * schema, or whose name differs from its model id stops the start with an AdfError naming the file and field.
 */
export async function loadAdfs(dir: string = DEFAULT_ADF_DIR): Promise<AdfRegistry> {
  const registry = new Map<string, CompiledAdf>();
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  for (const name of files) {
    const { json, shown } = await readJson(join(dir, name));
    const adf = parseAdf(json, shown);
    if (`${adf.model}.json` !== name) {
      throw new AdfError(shown, 'model', `model "${adf.model}" must match the file name (${adf.model}.json)`);
    }
    registry.set(adf.model, new CompiledAdf(adf.doc, await loadCatalogues(dir, adf.model)));
  }
  return registry;
}
