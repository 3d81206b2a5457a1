import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../tests/e2e/support/server';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { tenants } from '../db/schema';
import { acmeTheme } from '../seed/themes';
import { verifyCredential } from '../gateway/credentials';
import { DatabaseDeviceRegistry, TtlCache } from '../modules/devices/registry';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('./devices.ts', import.meta.url));
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The CLI on `dataDir`'s embedded database, as `npm run device -- …` runs it. */
const cliOn =
  (dataDir: string) =>
  (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({
        code: e.code,
        stdout: e.stdout,
        stderr: e.stderr,
      }),
    );

/** Works on `dataDir`'s embedded database as a tool does (beside its server, or starting it for the while). */
async function withDataDir<T>(
  dataDir: string,
  work: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
) {
  const handle = await openDatabase({ databaseUrl: undefined, dataDir, role: 'tool', log: quiet });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

const register = (hexacode: string, name: string) => [
  'register',
  '--tenant',
  'shop',
  '--model',
  'CC-410',
  '--hexacode',
  hexacode,
  '--name',
  name,
  '--group',
  'Store 1',
];

describe('device registration CLI', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'coldwatch-cli-'));
  const cli = cliOn(dataDir);

  beforeAll(async () => {
    await withDataDir(dataDir, async (handle) => {
      await migrate(handle);
      await handle.db.insert(tenants).values({ name: 'shop', title: 'Shop', theme: acmeTheme });
    });
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('registers a device, prints its credential once, lists it, and refuses mistakes', async () => {
    const ok = await cli(...register('0a1b2c', 'Case 7'));
    expect(ok.code).toBe(0);
    const credential = /MQTT password:\s+(\S+)/.exec(ok.stdout)![1]!;
    expect(ok.stdout).toContain('MQTT username:   shop/0A1B2C');

    const duplicate = await cli(...register('0A1B2C', 'x'));
    expect(duplicate.code).toBe(3);
    expect(duplicate.stderr).toContain('already registered');
    const list = await cli('list', '--tenant', 'shop');
    expect(list.stdout).toContain('shop\t0A1B2C\tREAL_DEVICE\tCC-410\t"Case 7"\t"Store 1"');

    await withDataDir(dataDir, async (handle) => {
      const stored = await new DatabaseDeviceRegistry(handle.db).lookup('shop', '0A1B2C');
      expect(verifyCredential(credential, stored!)).toBe(true);
    });
  });

  describe('while the server runs on the same DATA_DIR', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({ DEMO: 'false' }, { dataDir });
    });
    afterAll(() => server.stop({ keepData: true }));

    it('registers through the running server’s PostgreSQL, and the device is there after a restart', async () => {
      const ok = await cli(...register('0d0e0f', 'Case 8'));
      expect([ok.code, ok.stderr]).toEqual([0, '']);
      expect(ok.stdout).toContain('MQTT username:   shop/0D0E0F');
      // The server still answers: the CLI used its database, it did not stop it.
      expect((await fetch(`http://127.0.0.1:${server.port}/readyz`)).status).toBe(200);

      await server.stop({ keepData: true });
      server = await startServer({ DEMO: 'false' }, { dataDir });
      const list = await cli('list', '--tenant', 'shop');
      expect(list.stdout).toContain('shop\t0D0E0F\tREAL_DEVICE\tCC-410\t"Case 8"\t"Store 1"');
    });
  });
});

describe('TtlCache', () => {
  it('keeps hits for the TTL, misses for less, and shares one load among concurrent lookups', async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<string>(30_000, 5_000, () => now);
    const load = (value: string | undefined) => async () => {
      loads++;
      return value;
    };
    await Promise.all([cache.get('a', load('x')), cache.get('a', load('x'))]);
    expect(loads).toBe(1);
    now = 29_000;
    expect(await cache.get('a', load('y'))).toBe('x');
    now = 31_000;
    expect(await cache.get('a', load('y'))).toBe('y');
    expect(await cache.get('b', load(undefined))).toBeUndefined();
    now += 6_000;
    expect(await cache.get('b', load('z'))).toBe('z');
    cache.invalidate('b');
    expect(cache.peek('b')).toBeUndefined();
  });
});
