/**
 * `npm start`'s first step: builds the SPA (vite build) unless dist/ is newer than everything it is built from,
 * so that restarting the server on an unchanged checkout does not wait for a build. A checkout, a pull or an edit
 * touches the files it changes, which makes dist/ stale again.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

const SOURCES = [
  'src',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.app.json',
  'tsconfig.sw.json',
];

/** The newest modification time under `path` (a file or a folder), in ms; 0 when it does not exist. */
function newest(path) {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (latest, entry) => Math.max(latest, newest(join(path, entry))),
    stats.mtimeMs,
  );
}

const built = newest('dist/index.html');
if (built === 0 || SOURCES.some((source) => newest(source) > built)) {
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: 'inherit' });
} else {
  process.stdout.write('dist/ is up to date: not building the SPA again\n');
}
