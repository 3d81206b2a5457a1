import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** Where the installed PGlite lives: its version names the template, so an upgrade makes a new one. */
function pglitePackageDir(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return entry.slice(0, entry.lastIndexOf('/dist/'));
}

let made: Promise<string> | undefined;

/**
 * A fresh, empty PGlite data directory, made once per installation and PGlite version and kept in
 * node_modules/.cache. Creating a database (initdb) takes PGlite 3–5 s; opening a copy of one less than one, and
 * the suite opens about a hundred. A copy is what a new database is (no table, no migration), so every test still
 * migrates and seeds its own. Workers that find none make one each; the first to finish is kept.
 */
function pgliteTemplate(): Promise<string> {
  made ??= (async () => {
    const packageDir = pglitePackageDir();
    const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
      version: string;
    };
    const cache = join(packageDir, '..', '..', '.cache', 'coldwatch');
    const final = join(cache, `pglite-${version}`);
    if (existsSync(final)) return final;

    await mkdir(cache, { recursive: true });
    const building = await mkdtemp(join(cache, `pglite-${version}-building-`));
    const db = new PGlite(building);
    await db.waitReady;
    await db.close();
    // Renaming a directory is atomic: another worker's template, renamed first, is as good as this one.
    await rename(building, final).catch(() => rm(building, { recursive: true, force: true }));
    return final;
  })();
  return made;
}

/** Makes `dir` (absent or empty) a fresh PGlite data directory. */
export async function copyPgliteTemplate(dir: string): Promise<void> {
  await cp(await pgliteTemplate(), dir, { recursive: true });
}
