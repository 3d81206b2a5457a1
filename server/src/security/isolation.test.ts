/**
 * Cross-user and cross-tenant isolation, swept over the route table (issue 8): the attacker aims every id of other
 * users (same tenant) and of another tenant at every route (targeted.ts) and must get none of their data back, nor
 * change any of it. The attacker of the first sweep, demo's admin, holds every grant, so a grant check cannot hide a
 * missing ownership check; the second sweep turns it round (demo's operator against demo's admin).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  businessGroups,
  dashboardGroups,
  dashboards,
  deviceConfigurations,
  devices,
  tenants,
} from '../db/schema';
import { hostOf, useTestApp } from '../testing/app';
import { describeEachBackend } from '../testing/backends';
import { comparable, secretsIn } from './answers';
import { Caller, describeProbe, type Probe } from './callers';
import { allIds, bundlesOf, type Ids, idsOf } from './ids';
import { sweptRoutes } from './routes';
import { ID_KINDS } from './slots';
import { type Aimed, targetedProbes, type Victims } from './targeted';
import {
  apiViewOf,
  Markers,
  markTenantDevices,
  plantMarkedData,
  snapshotOf,
  subscribeBrowser,
} from './victims';

/**
 * Ids of one kind are all handled alike, so each victim's are aimed up to this many per kind (the seeded dashboards
 * have a hundred elements); the id bundles still cover every widget, and every marker is looked for.
 */
const MAX_IDS_PER_KIND = 10;
/** Ids shorter than this could turn up in an answer by chance; they are still aimed, just not looked for. */
const MIN_SECRET_ID_LENGTH = 6;
/**
 * Routes whose job is to reach the other users of the tenant (SYSTEM at WRITE lists them, switches into them,
 * disables them). An administrator aiming them at a user of the same tenant is the feature, not a leak: there only
 * another tenant's users are aimed and looked for. Anyone without the grant is swept on them like everywhere.
 */
const USER_ADMINISTRATION = /^\/api\/v2\/(account\/(paginate|switch\/|switch-records)|admin\/users)/;

describeEachBackend('security: no user reaches the data of another user or tenant', (backend) => {
  const ctx = useTestApp(backend, { devices: true, demoDashboards: true });
  const markersOf = new Map<Caller, Markers>();
  let admin: Caller, operator: Caller, acme: Caller;

  beforeAll(async () => {
    const { app } = ctx;
    const { db } = ctx.handle;
    admin = await new Caller(app, db, 'admin', 'Admin123').signIn();
    operator = await new Caller(app, db, 'operator', 'Operator123').signIn();
    acme = await new Caller(app, db, 'admin', 'Admin123', 'acme').signIn();
    for (const user of [admin, operator, acme]) {
      markersOf.set(user, new Markers());
      await plantMarkedData(user, markersOf.get(user)!);
    }
    await markTenantDevices(db, 'acme', markersOf.get(acme)!);
  });

  /** Everything the attacker holds, where ids it was sent may legitimately be stored and shown again. */
  async function holdingsOf(attacker: Caller): Promise<string> {
    const { db } = ctx.handle;
    const [tenant] = await db.select().from(tenants).where(eq(tenants.name, attacker.tenant));
    return JSON.stringify([
      await db.select().from(dashboards).where(eq(dashboards.userId, attacker.userId)),
      await db.select().from(dashboardGroups).where(eq(dashboardGroups.userId, attacker.userId)),
      await db.select().from(deviceConfigurations).where(eq(deviceConfigurations.userId, attacker.userId)),
      await db.select().from(devices).where(eq(devices.tenantId, tenant!.id)),
      await db.select().from(businessGroups).where(eq(businessGroups.tenantId, tenant!.id)),
    ]);
  }

  /** The victims' ids that are not also the attacker's (the same tenant's devices are both users'). */
  async function victimsOf(attacker: Caller, victims: readonly Caller[]): Promise<Victims> {
    const { db } = ctx.handle;
    const own = new Set(allIds(await idsOf(db, attacker)));
    const ids = Object.fromEntries(ID_KINDS.map((kind) => [kind, [] as string[]])) as Ids;
    const bundles = [];
    for (const victim of victims) {
      const theirs = await idsOf(db, victim);
      for (const kind of ID_KINDS) {
        ids[kind].push(...theirs[kind].filter((id) => !own.has(id)).slice(0, MAX_IDS_PER_KIND));
      }
      bundles.push(...(await bundlesOf(db, victim, theirs)));
    }
    return { ids, bundles };
  }

  async function sweep(attacker: Caller, victims: readonly Caller[], administersTenant: boolean) {
    const { db } = ctx.handle;
    // Each victim holds a push subscription to be taken, whatever an earlier sweep's logouts removed.
    for (const victim of victims) {
      await victim.keepSignedIn();
      await subscribeBrowser(victim, markersOf.get(victim)!);
    }
    const ownIds = await idsOf(db, attacker);
    const ownBundles = await bundlesOf(db, attacker, ownIds);
    const own = ownBundles.find((b) => b.widget && b.element) ?? ownBundles[0] ?? {};
    const strangers = victims.filter((victim) => victim.tenant !== attacker.tenant);
    const everyone = await victimsOf(attacker, victims);
    const otherTenants = await victimsOf(attacker, strangers);
    /** The markers of `whose` data and the ids aimed: what an answer must not show. */
    const secretsOf = (whose: readonly Caller[], aimed: Victims) => ({
      markers: whose.flatMap((victim) => markersOf.get(victim)!.all),
      ids: allIds(aimed.ids).filter((id) => id.length >= MIN_SECRET_ID_LENGTH),
    });
    const otherHosts = [...new Set(victims.map((v) => v.tenant))]
      .filter((t) => t !== attacker.tenant)
      .map(hostOf);
    const leaks: string[] = [];
    let secrets = secretsOf(victims, everyone);
    /** Sends as the attacker and records what the answer shows of the victims. */
    const send = async (probe: Probe, host?: string) => {
      const response = await attacker.send(probe, host);
      const found = secretsIn(response, probe, secrets);
      // A marker is never the attacker's to see; an id is, once stored in the attacker's own data (read only when
      // such an id turns up: that data grows with every import the sweep makes).
      const holdings = found.ids.length ? await holdingsOf(attacker) : '';
      const shown = [...found.markers, ...found.ids.filter((id) => !holdings.includes(id))];
      if (shown.length)
        leaks.push(`${describeProbe(probe)}\n→ ${response.statusCode} shows ${shown.join(', ')}`);
      return response;
    };

    const before = await snapshotOf(db, victims, attacker.tenant);
    const views = await Promise.all(victims.map((victim) => apiViewOf(victim)));
    const routes = sweptRoutes(ctx.app);
    let requests = 0;
    let slots = 0;
    for (const route of routes) {
      // An administrator sees the tenant's users (names, e-mail addresses) there: only strangers are secrets.
      const administering = administersTenant && USER_ADMINISTRATION.test(route.url);
      const aimed = administering ? otherTenants : everyone;
      secrets = administering ? secretsOf(strangers, aimed) : secretsOf(victims, aimed);
      const targeted = targetedProbes(route, own, aimed);
      slots += targeted.slots;
      const controls = new Map<string, string>();
      const controlOf = async ({ key, id, probe }: NonNullable<Aimed['control']>) => {
        requests += 1;
        controls.set(key, comparable(await send(probe), id));
        return controls.get(key)!;
      };
      for (const { probe, id, control } of targeted.aimed) {
        const expected = control && (controls.get(control.key) ?? (await controlOf(control)));
        const answer = await send(probe);
        requests += 1;
        if (!control || !id || comparable(answer, id) === expected) continue;
        // Answers may change as the sweep goes (a save bumps a version): only a fresh control that still differs counts.
        const fresh = await controlOf(control);
        if (comparable(answer, id) !== fresh && !(await holdingsOf(attacker)).includes(id)) {
          leaks.push(
            `${describeProbe(probe)}\n→ ${answer.statusCode} ${answer.body.slice(0, 300)}\n  differs from the ` +
              `answer for an id nobody has (${control.id}): ${fresh.slice(0, 300)}`,
          );
        }
      }
      // The attacker's token with another tenant's host: that tenant must not take it.
      for (const host of otherHosts) await send(targeted.plain, host);
      requests += otherHosts.length;
      await attacker.keepSignedIn();
    }
    console.info(
      `isolation ${attacker.label} against ${victims.map((v) => v.label).join(', ')}: ` +
        `${routes.length} routes, ${slots} id slots × ${allIds(everyone.ids).length} victim ids ` +
        `(+ ${everyone.bundles.length} id bundles) = ${requests} requests`,
    );

    expect.soft(leaks, 'answers showing victims’ data, or telling their ids from unknown ones').toEqual([]);
    expect
      .soft(await snapshotOf(db, victims, attacker.tenant), 'victims’ rows after the sweep')
      .toEqual(before);
    for (const [i, victim] of victims.entries()) {
      const again = await victim.signedInAgain();
      expect.soft(await apiViewOf(again), `what ${victim.label} reads after the sweep`).toEqual(views[i]);
    }
  }

  it("demo's admin (every grant) gets nothing of demo's operator nor of acme, and changes nothing", async () => {
    await sweep(admin, [operator, acme], true);
  }, 180_000);

  it("demo's operator gets nothing of demo's admin nor of acme, and changes nothing", async () => {
    await sweep(operator, [admin, acme], false);
  }, 180_000);
});
