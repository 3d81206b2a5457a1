import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, pgliteDirOf } from '../db/client';
import { migrate } from '../db/migrate';
import { tenants } from '../db/schema';
import { acmeTheme } from '../db/seed/themes';
import { verifyCredential } from '../gateway/credentials';
import { DatabaseDeviceRegistry, TtlCache } from '../modules/devices/registry';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('./devices.ts', import.meta.url));

describe('device registration CLI', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'coldwatch-cli-'));
  const cli = (...args: string[]) =>
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

  beforeAll(async () => {
    const handle = createDatabase({ pgliteDir: pgliteDirOf(dataDir) });
    await migrate(handle);
    await handle.db.insert(tenants).values({ name: 'shop', title: 'Shop', theme: acmeTheme });
    await handle.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('registers a device, prints its credential once, lists it, and refuses mistakes', async () => {
    const ok = await cli(
      'register',
      '--tenant',
      'shop',
      '--model',
      'CC-410',
      '--hexacode',
      '0a1b2c',
      '--name',
      'Case 7',
      '--group',
      'Store 1',
    );
    expect(ok.code).toBe(0);
    const credential = /MQTT password:\s+(\S+)/.exec(ok.stdout)![1]!;
    expect(ok.stdout).toContain('MQTT username:   shop/0A1B2C');

    const duplicate = await cli(
      'register',
      '--tenant',
      'shop',
      '--model',
      'CC-410',
      '--hexacode',
      '0A1B2C',
      '--name',
      'x',
    );
    expect(duplicate.code).toBe(3);
    expect(duplicate.stderr).toContain('already registered');
    const list = await cli('list', '--tenant', 'shop');
    expect(list.stdout).toContain('shop\t0A1B2C\tREAL_DEVICE\tCC-410\t"Case 7"\t"Store 1"');

    const handle = createDatabase({ pgliteDir: pgliteDirOf(dataDir) });
    try {
      const stored = await new DatabaseDeviceRegistry(handle.db).lookup('shop', '0A1B2C');
      expect(verifyCredential(credential, stored!)).toBe(true);
    } finally {
      await handle.close();
    }
  }, 60_000);
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
