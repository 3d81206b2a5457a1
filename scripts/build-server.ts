/**
 * Bundles the server (server/src/main.ts and what it imports from src/) into server/build/main.mjs, the packages
 * left as imports. Node then loads one file instead of running some 400 modules through a TypeScript loader: a
 * start costs about 1.5 s of CPU less (docs/benchmarks.md, "Start"), which `npm start` and every test or bench
 * that starts a server feel.
 *
 * The few modules that find files beside themselves (`new URL('../adf', import.meta.url)`) keep doing so: each
 * module's `import.meta.url` is rewritten to the address its source file has, found from the bundle's own place.
 *
 *   node --import tsx scripts/build-server.ts    builds it (half a second)
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_BUNDLE = fileURLToPath(new URL('../server/build/main.mjs', import.meta.url));

/** The bundle lives two folders below the repository: its root, seen from the bundle at run time. */
const ROOT_FROM_BUNDLE = `const __coldwatchRoot = new URL('../../', import.meta.url);`;

const sourceAddresses: Plugin = {
  name: 'source-addresses',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const address = `new URL(${JSON.stringify(relative(ROOT, path))}, __coldwatchRoot).href`;
      return { contents: source.replaceAll('import.meta.url', address), loader: 'ts' };
    });
  },
};

/** Builds the bundle; concurrent builds (test workers) each write a file of their own and rename it into place. */
export async function buildServer(): Promise<string> {
  const scratch = `${SERVER_BUNDLE}.${randomBytes(4).toString('hex')}.tmp`;
  await build({
    entryPoints: [fileURLToPath(new URL('../server/src/main.ts', import.meta.url))],
    outfile: scratch,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    banner: { js: ROOT_FROM_BUNDLE },
    plugins: [sourceAddresses],
    logLevel: 'warning',
  });
  await rename(scratch, SERVER_BUNDLE);
  return SERVER_BUNDLE;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
