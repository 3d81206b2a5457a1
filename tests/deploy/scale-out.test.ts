import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../server/src/testing/wait';
import { type Cluster, clusterAvailable, startCluster } from './cluster';
import { type LiveSocket, openLiveSocket } from './liveSocket';
import { RECORDED, WINDOW_MS, alarmHistory, connectDevice, recordBuffer, recordedWindows } from './probes';

/**
 * The production setup of docs/deployment.md, run for real: two instances on one PostgreSQL database and the
 * machine's Mosquitto, the demo fleet as a separate process on the same broker, HAProxy in front with
 * server/deploy/haproxy.cfg. Runs where Mosquitto (127.0.0.1:1883) and haproxy are, on the run's PostgreSQL.
 */
describe.runIf(clusterAvailable)('two instances behind HAProxy, on PostgreSQL and Mosquitto', () => {
  let cluster: Cluster;
  const call: Cluster['call'] = (...args) => cluster.call(...args);
  const signIn = () => cluster.signIn();

  beforeAll(async () => {
    cluster = await startCluster({ name: 'scale-out' });
  }, 120_000);
  afterAll(() => cluster?.stop());

  it('spreads calls over both instances, and a session made on one works on the other', async () => {
    const token = await signIn();
    const answers = await Promise.all([1, 2, 3, 4].map(() => call('/api/v2/dashboards/', token)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.servedBy))).toEqual(new Set(['a', 'b']));
    expect(answers[0]!.body.dashboards.length).toBeGreaterThan(0);
  });

  it('writes a line through one instance and reads the device value back through both', async () => {
    const token = await signIn();
    const page = { hexacode: '1A0102', rawHexacode: '1A0102', department: 1, subDepartment: 0, page: 2 };
    const lineOne = async () => {
      const { status, servedBy, body } = await call('/api/v2/devices/pages/lines', token, {
        method: 'POST',
        body: JSON.stringify(page),
      });
      expect(status).toBe(200);
      return { servedBy, value: (body.lines as { number: number; value: string }[])[0]!.value };
    };
    // The fleet's first values reach both instances through the broker.
    await eventually(async () => (await lineOne()).value !== undefined, { what: 'the device values' });
    const value = (Math.round(Math.random() * 40) / 10 - 3).toFixed(1);
    const write = await call('/api/v2/devices/pages/lines', token, {
      method: 'PUT',
      body: JSON.stringify({ ...page, line: 1, value }),
    });
    // 200 only once the device accepted: its answer came back to the instance that sent the command.
    expect(write.status).toBe(200);
    const read = await Promise.all([1, 2, 3, 4].map(() => lineOne()));
    expect(new Set(read.map((answer) => answer.servedBy))).toEqual(new Set(['a', 'b']));
    await eventually(
      async () => (await Promise.all([1, 2].map(() => lineOne()))).every((answer) => answer.value === value),
      { what: 'the written value on both instances' },
    );
  });

  describe('when the instance holding a browser is killed', () => {
    const page = { kind: 'page' as const, hexacode: RECORDED, department: 1, subDepartment: 0, page: 1 };
    /** The alarm's device and code: not the fleet's (which clears what it does not list itself, later). */
    const ALARM = { hexacode: '1A0103', department: '1.0', code: 'INSTANCE_KILLED_TEST' };
    let token = '';
    let live: LiveSocket;
    let survivor = '';
    let killedAt = 0;
    /** The windows ended and written (samples are written every second) by now, from `fromMs`. */
    const endedWindows = async (fromMs: number) => {
      const windows = await recordedWindows(cluster, token, fromMs, Date.now());
      // A bucket holds the window starting in it, which ends at most two widths after the bucket's start.
      return windows.filter((window) => window.at + 2 * WINDOW_MS + 1000 < Date.now());
    };

    beforeAll(async () => {
      token = await signIn();
      live = openLiveSocket(cluster.proxy, token, page);
      const first = await eventually(() => live.pushes[0], { what: 'live values' });
      // Windows centred on the device's readings: one reading in each, which its timing jitter cannot move out.
      await cluster.withDatabase((db) => recordBuffer(db, new Date(first.at - WINDOW_MS / 2)));
      await eventually(
        async () => {
          const recent = await endedWindows(Date.now() - 4 * WINDOW_MS);
          return recent.length >= 2 && recent.every((window) => window.value !== null);
        },
        { what: 'windows recorded before the kill', timeoutMs: 30_000 },
      );
      const doomed = live.connections.at(-1)!;
      survivor = doomed === 'a' ? 'b' : 'a';
      const device = await connectDevice(cluster, ALARM.hexacode);
      const pushed = live.pushes.length;
      await eventually(() => live.pushes.length > pushed, { what: 'a reading' });
      // Right after a reading: the doomed instance holds its sample, not yet written, as it dies.
      killedAt = Date.now();
      // And an alarm is on its way to both instances.
      await Promise.all([
        device.raise(ALARM.department, ALARM.code, killedAt),
        cluster.instance(doomed).kill(),
      ]);
      await device.end();
    });
    afterAll(() => live?.stop());

    it('the other instance answers every call', async () => {
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await call('/api/v2/dashboards/', token));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(answers.every((answer) => answer.servedBy === survivor)).toBe(true);
    });

    it('its browser reconnects through HAProxy to the other instance and gets live values again', async () => {
      // The SPA waits 15 s after a drop before it reconnects.
      await eventually(() => live.pushes.some((push) => push.at > killedAt && push.servedBy === survivor), {
        what: 'live values through the other instance',
        timeoutMs: 30_000,
      });
      expect(live.connections.at(-1)).toBe(survivor);
    });

    it('the alarm raised as it died is recorded once', async () => {
      const ofCode = async () =>
        (await alarmHistory(cluster, token, ALARM.hexacode)).filter((row) => row.code === ALARM.code);
      await eventually(async () => (await ofCode()).length > 0, { what: 'the alarm in the history' });
      const rows = await ofCode();
      expect(rows).toHaveLength(1);
      expect(Date.parse(rows[0]!.occuredAt)).toBe(killedAt);
    });

    it('the buffer has a sample in every window across the kill', async () => {
      const from = killedAt - 2 * WINDOW_MS;
      await eventually(
        async () => (await endedWindows(from)).filter((window) => window.at > killedAt).length >= 2,
        { what: 'two windows ended after the kill' },
      );
      const windows = await endedWindows(from);
      expect(windows.filter((window) => window.value === null)).toEqual([]);
    });
  });
});
