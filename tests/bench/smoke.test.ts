import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCHMARKS } from '../../bench/benchmarks';
import { buildIfStale, runBenchmark, unlistedBenchmarks } from '../../bench/support/runBenchmark';
import { SEEDED_DATABASE_ENV } from '../../bench/support/seededDatabase';
import { dropDatabase, startTestPostgres, type TestPostgres } from '../../server/src/testing/testPostgres';
import type { DatabaseTemplate } from '../e2e/support/server';
import { makeSeededDatabase } from '../e2e/support/seededDatabase';

/**
 * `npm run bench:smoke` inside the test command, so that no benchmark can rot: each runs at its tiny size (a few
 * devices, a second or two) and must end well and print its figures; its goals are not judged at that size. The
 * benchmarks that measure a running server start it on a copy of one seeded demo database, made here once.
 */
describe('every benchmark runs at its smoke size and prints its figures', () => {
  let postgres: TestPostgres | undefined;
  let seeded: DatabaseTemplate | undefined;
  beforeAll(async () => {
    await buildIfStale(false);
    postgres = await startTestPostgres();
    seeded = await makeSeededDatabase(postgres.adminUrl);
    process.env[SEEDED_DATABASE_ENV] = JSON.stringify(seeded);
  });
  afterAll(async () => {
    delete process.env[SEEDED_DATABASE_ENV];
    if (seeded) await dropDatabase(seeded.adminUrl, seeded.template);
    await postgres?.stop();
  });

  it('lists every bench script, so the smoke run reaches each one', () => {
    expect(unlistedBenchmarks()).toEqual([]);
  });

  it.each(BENCHMARKS)('$name', async (bench) => {
    const { failure, stdout, stderr } = await runBenchmark(bench, { smoke: true, echo: false });
    expect(failure, `${bench.name}:\n${stdout}\n${stderr}`).toBeNull();
  });
});
