/**
 * `npm start`'s first step: builds the SPA (vite build) unless dist/ is newer than everything it is built from,
 * and the server's bundle (scripts/build-server.ts) unless server/build/ is, so that restarting the server on an
 * unchanged checkout does not wait for a build. A checkout, a pull or an edit touches the files it changes, which
 * makes a build stale again.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

const SPA_SOURCES = [
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

// What the bundle is made of (the ADFs, migrations and catalogues are read where they are, at run time).
const SERVER_SOURCES = ['server/src', 'src', 'package-lock.json', 'scripts/build-server.ts'];

/** Whether `output` is missing or older than one of `sources`. */
const stale = (output, sources) => {
  const built = newest(output);
  return built === 0 || sources.some((source) => newest(source) > built);
};

if (stale('dist/index.html', SPA_SOURCES)) {
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: 'inherit' });
} else {
  process.stdout.write('dist/ is up to date: not building the SPA again\n');
}
if (stale('server/build/main.mjs', SERVER_SOURCES)) {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { stdio: 'inherit' });
} else {
  process.stdout.write('server/build/ is up to date: not bundling the server again\n');
}
