import { describe, expect, it } from 'vitest';
import { REPORTED_RESEND_MS } from '#contracts';
import { manualClock } from '../../gateway/testing';
import { TEST_BACKEND } from '../../testing/backends';
import { hostOf, useTestApp } from '../../testing/app';
import { ofType, useLiveSockets, type Received } from '../../testing/sockets';
import { eventually } from '../../testing/wait';

/**
 * What the live socket says of the age of values (docs/device-protocol.md, "Stale values"): report times with
 * every page's values, staleness and report times pushed as they change, silent devices to the tenant. The
 * gateway and the simulated fleet run on a manual clock (CC-410: stale after 10 s); the pushes on real time.
 */
/** The thermostat page: setpoints, whose values do not change while the device reports. */
const PAGE = { kind: 'page', hexacode: '1A0102', department: 1, subDepartment: 0, page: 2 } as const;
const PERIOD_MS = 10_000;

describe('freshness over the real-time socket', () => {
  const clock = manualClock(Date.now());
  const ctx = useTestApp(TEST_BACKEND, {
    devices: {
      clock,
      fleetOptions: {
        intervalMs: 3_600_000,
        offlinePerHour: 0,
        eventRate: 0,
        now: () => new Date(clock.now()),
      },
    },
  });
  const live = useLiveSockets(ctx);
  const sim = () => ctx.devices.simulatedDevices.find((d) => d.spec.hexacode === PAGE.hexacode)!;

  const open = () => live.open();
  const freshnessOf = (messages: Received[]) =>
    ofType(messages, 'Freshness').flatMap((m) => m.payload.departments);
  /** The device publishes all its departments now, stamped with the (manual) clock. */
  const report = async () => {
    const received = ctx.devices.gateway.metrics().received;
    await sim().tick(1);
    const sent = sim().departmentKinds.length;
    await eventually(() => ctx.devices.gateway.metrics().received >= received + sent, {
      what: 'report heard',
    });
  };

  it('sends a page with its report time, then pushes it stale, the device silent, and live again on a report', async () => {
    await report();
    const reportedAt = clock.now();
    const { ws, messages } = await open();
    ws.send(JSON.stringify({ type: 'Subscribe', payload: PAGE }));
    const [snapshot] = await eventually(
      () => ofType(messages, 'LineValues').length > 0 && ofType(messages, 'LineValues'),
      { what: "the page's first LineValues" },
    );
    expect(snapshot!.payload).toMatchObject({ reportedAt, stale: false });

    clock.advance(PERIOD_MS + 1);
    const stale = await eventually(() => freshnessOf(messages).find((f) => f.stale), {
      what: 'stale pushed',
    });
    expect(stale).toEqual({ hexacode: '1A0102', department: 1, subDepartment: 0, reportedAt, stale: true });
    clock.advance(1000); // the staleness sweep
    const silent = await eventually(
      () => ofType(messages, 'DeviceSilence').find((m) => m.payload.hexacode === '1A0102'),
      { what: 'silence pushed' },
    );
    expect(silent.payload).toEqual({ hexacode: '1A0102', silent: true, reportedAt });
    const tree = await ctx.app.inject({
      url: '/api/v2/devices/',
      headers: { host: hostOf('demo'), authorization: `Bearer ${live.token()}` },
    });
    const devices = (
      tree.json() as {
        hexacode: string;
        silent?: boolean;
        devices: { hexacode: string; silent?: boolean }[];
      }[]
    ).flatMap((item) => [item, ...item.devices]);
    expect(devices.find((d) => d.hexacode === '1A0102')?.silent).toBe(true);
    expect(
      devices.find((d) => d.hexacode === 'F00101')?.silent,
      'a virtual device is never silent',
    ).toBeUndefined();

    const pushed = messages.length;
    await report();
    await eventually(
      () =>
        ofType(messages.slice(pushed), 'DeviceSilence').find(
          (m) => !m.payload.silent && m.payload.hexacode === '1A0102',
        ),
      { what: 'reporting again' },
    );
    const current = await eventually(() => freshnessOf(messages.slice(pushed)).find((f) => !f.stale), {
      what: 'current again',
    });
    expect(current.reportedAt).toBe(clock.now());
  });

  it('pushes the report time of a page whose values do not change, at most every few seconds', async () => {
    const { ws, messages } = await open();
    ws.send(JSON.stringify({ type: 'Subscribe', payload: PAGE }));
    await eventually(() => ofType(messages, 'LineValues').length > 0, {
      what: "the page's first LineValues",
    });
    const start = messages.length;
    clock.advance(REPORTED_RESEND_MS / 2);
    await report();
    const half = clock.now();
    clock.advance(REPORTED_RESEND_MS / 2);
    await report();
    const advanced = await eventually(
      () => freshnessOf(messages.slice(start)).find((f) => f.reportedAt === clock.now()),
      { what: 'report time pushed' },
    );
    expect(advanced.stale).toBe(false);
    expect(
      freshnessOf(messages.slice(start)).some((f) => f.reportedAt === half),
      'not every report',
    ).toBe(false);
  });
});
