/**
 * Property-based fuzzing of every route from its contract (issue 8): whatever a client sends, the answer is never
 * a 5xx, never the database's UNSTORABLE_VALUE safety net (a contract that let such input through) and every 4xx
 * has the error shape. A failure prints fast-check's seed and shrunk counterexample: rerun with { seed, path }.
 */
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { hostOf, useTestApp } from '../testing/app';
import { describeEachBackend } from '../testing/backends';
import { arbitraryOf } from './arbitraries';
import { Caller, describeProbe, type Probe, sendAs } from './callers';
import { toJsonText } from './hostile';
import { allIds, idsOf } from './ids';
import { RAW_BODIES, rawQueries } from './raw-texts';
import type { SchemaNode } from './schema-node';
import { describeRoute, PARTS, pathOf, problemOf, queryOf, type SweptRoute, sweptRoutes } from './routes';

/**
 * Runs per route and user, and a time budget per route and user that bounds the slow ones: sign-in hashes on purpose,
 * a refresh waits up to 1.5 s for a department that does not answer, a line write up to 800 ms for the device.
 */
const RUNS = 40;
const BUDGET_MS = 1_000;
/**
 * Where the generated requests come from: their made-up sign-ins soon have this address throttled (429, which must
 * be well-formed too), while the callers sign in again from the test's own address.
 */
const FUZZ_ADDRESS = '198.51.100.7';

/** Requests for `route`: all parts valid (half of them) or one part hostile; ids are the caller's own. */
function probesOf(route: SweptRoute, ids: readonly string[]): fc.Arbitrary<Probe> {
  const parts = PARTS.filter((part) => route.contracts[part]);
  const hostilePart = fc.oneof(fc.constant(undefined), fc.constantFrom(...parts));
  return hostilePart.chain((hostile) => {
    const of = (part: (typeof parts)[number]) =>
      arbitraryOf(route.contracts[part]!, part === hostile ? 'hostile' : 'valid', { ids });
    const none = fc.constant(undefined);
    return fc
      .record({
        params: route.contracts.params ? of('params') : none,
        query: route.contracts.querystring ? of('querystring') : none,
        body: route.contracts.body ? of('body') : none,
      })
      .map(({ params, query, body }) => ({
        method: route.method,
        path: pathOf(route.url, params),
        query: queryOf(query),
        body: body === undefined ? undefined : toJsonText(body),
      }));
  });
}

describeEachBackend('security: fuzzing every route from its contract', (backend) => {
  const ctx = useTestApp(backend, { devices: true, demoDashboards: true });
  const callers: { caller: Caller; ids: string[] }[] = [];

  beforeAll(async () => {
    for (const [username, password] of [
      ['admin', 'Admin123'],
      ['operator', 'Operator123'],
    ] as const) {
      const caller = await new Caller(ctx.app, ctx.handle.db, username, password).signIn();
      callers.push({ caller, ids: allIds(await idsOf(ctx.handle.db, caller)) });
    }
  });

  /** fast-check's report (seed, shrunk counterexample) and the answer that failed; null when it held. */
  async function fuzz(route: SweptRoute, caller: Caller, ids: readonly string[]) {
    const property = fc.asyncProperty(probesOf(route, ids), async (probe) => {
      const problem = problemOf(await caller.send(probe, undefined, FUZZ_ADDRESS), route);
      if (problem) throw new Error(`${describeProbe(probe)}\n→ ${problem}`);
    });
    const details = await fc.check(property, { numRuns: RUNS, interruptAfterTimeLimit: BUDGET_MS });
    await caller.keepSignedIn();
    // A budget spent before the first answer (a loaded machine) has no counterexample: it counts as cut short.
    const failure =
      details.failed && details.counterexample !== null
        ? `${describeRoute(route)} as ${caller.label}: ${await fc.asyncDefaultReportMessage(details)}\n` +
          String((details.errorInstance as Error | undefined)?.message ?? details.errorInstance)
        : null;
    return { runs: details.numRuns, failure };
  }

  it('no generated body, query or parameters gets a 5xx, an unstorable value or a malformed error', async () => {
    const routes = sweptRoutes(ctx.app).filter((route) => PARTS.some((part) => route.contracts[part]));
    const failures: string[] = [];
    const cutShort: string[] = [];
    let requests = 0;
    for (const route of routes) {
      for (const { caller, ids } of callers) {
        const { runs, failure } = await fuzz(route, caller, ids);
        requests += runs;
        if (failure) failures.push(failure);
        else if (runs < RUNS) cutShort.push(`${describeRoute(route)} as ${caller.label}: ${runs}`);
      }
    }
    console.info(
      `fuzz: ${routes.length} routes with contracts × ${callers.length} users, ${requests} ` +
        `generated requests; runs cut by the time budget: ${cutShort.join(', ') || 'none'}`,
    );
    expect(failures).toEqual([]);
  }, 240_000);

  it('raw bodies and query strings no contract sees as values get no 5xx, on every route and the socket', async () => {
    const { caller, ids } = callers[0]!;
    const failures: string[] = [];
    let requests = 0;
    for (const route of sweptRoutes(ctx.app)) {
      const path = pathOf(route.url, ids[0]);
      // Every route reads the token from the Authorization query parameter when the header is absent.
      const keys = [
        'Authorization',
        ...Object.keys((route.contracts.querystring as SchemaNode | undefined)?.entries ?? {}),
      ];
      const probes: Probe[] = [
        ...rawQueries(keys).map((query) => ({ method: route.method, path, query })),
        ...(['GET', 'HEAD'].includes(route.method)
          ? []
          : RAW_BODIES.map(({ contentType, text }) => ({
              method: route.method,
              path,
              body: text,
              contentType,
            }))),
      ];
      for (const probe of probes) {
        // Signed in, and as a stranger: both must be answered in the error shape.
        for (const response of [
          await caller.send(probe, undefined, FUZZ_ADDRESS),
          await sendAs(ctx.app, probe, { host: hostOf('demo') }, FUZZ_ADDRESS),
        ]) {
          requests += 1;
          const problem = problemOf(response, route);
          if (problem) failures.push(`${describeProbe(probe)}\n→ ${problem}`);
        }
      }
      await caller.keepSignedIn();
    }
    console.info(`fuzz: ${requests} raw hostile requests`);
    expect(failures).toEqual([]);
  }, 120_000);

  it('still answers afterwards: health, and the admin lists dashboards', async () => {
    const health = await ctx.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    const { caller } = callers[0]!;
    await caller.keepSignedIn();
    const list = await caller.send({ method: 'GET', path: '/api/v2/dashboards/' });
    expect(list.statusCode, list.body).toBe(200);
  });
});
