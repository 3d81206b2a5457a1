import { beforeAll, expect, it } from 'vitest';
import { silentLogger } from '../../gateway/logger';
import type { SimulatedDevice } from '../../simulator/device';
import { describeEachBackend } from '../../testing/backends';
import { tokenOf, useTestApp } from '../../testing/app';
import { speakAsDevice } from '../../testing/devices';
import { eventually } from '../../testing/wait';
import { HistoryRecorder } from './recorder';
import { createHistoryRepository } from './repository';
import { historyStore } from './store';
import { historyOf, insertBuffer, seriesOf, storedSamples } from './testing';

const MINUTE = 60_000;

describeEachBackend('history recording', (backend) => {
  const ctx = useTestApp(backend, { devices: true });
  let token: string;
  const recorder = () => ctx.app.history.recorder!;
  const sim = (hexacode: string) => ctx.devices.simulatedDevices.find((d) => d.spec.hexacode === hexacode)!;
  /** The air temperature a CC-410 department last published, as recorded (raw tenths scaled). */
  const airTemp = (device: SimulatedDevice, sub = 0) =>
    Math.round(device.value(1, sub, 'airTemp')! * 10) / 10;

  /** Values messages heard live: retained snapshots of other devices may still be arriving, and do not count. */
  const heardLive = (target: HistoryRecorder) => target.metrics().received - target.metrics().retained;

  /** Publishes every department of the device now and waits until the recorder heard them. */
  async function publish(device: SimulatedDevice, target = recorder()): Promise<void> {
    const before = heardLive(target);
    await device.tick(1);
    const departments = device.spec.departments?.length ?? device.adf.doc.departments.length;
    await eventually(() => heardLive(target) >= before + departments, { what: 'values heard' });
  }

  /** A buffer that records `hexacode`'s first department at PC 2 once a minute from `startAt`. */
  const minuteBuffer = (hexacode: string, startAt: Date) =>
    insertBuffer(ctx.handle.db, { hexacode, pcNumber: 2, intervalSeconds: 60, startAt });

  /** Moves the test clock to `offset` ms after `start`. */
  const moveTo = (start: Date, offset: number) =>
    ctx.clock.advance(start.getTime() + offset - ctx.clock.now().getTime());

  beforeAll(async () => {
    token = await tokenOf(ctx.app, 'admin', 'Admin123');
    await ctx.app.ready();
    await eventually(() => recorder().connected && recorder().metrics().retained > 0, {
      what: 'recorder subscribed',
    });
  });

  it('ignores the retained snapshots sent on subscribing', () => {
    expect(recorder().metrics().retained).toBeGreaterThan(0);
    expect(recorder().metrics().recorded).toBe(0);
  });

  it('records a sample each interval from the first message of its window, and a gap without one', async () => {
    const start = ctx.clock.now();
    const id = await minuteBuffer('1A0102', start);
    await ctx.app.history.reloadBuffers();
    const device = sim('1A0102');
    const expected: (number | null)[] = [];
    for (let minute = 0; minute < 5; minute++) {
      moveTo(start, minute * MINUTE + 10_000);
      if (minute === 2) {
        expected.push(null); // the device says nothing in this window
        continue;
      }
      await publish(device);
      expected.push(airTemp(device));
      if (minute === 3) {
        moveTo(start, minute * MINUTE + 50_000);
        await publish(device); // later in the same window: not a second sample
      }
    }
    await ctx.app.history.flush();
    const samples = await storedSamples(ctx.handle.db, id);
    expect(samples.map((s) => s.at - start.getTime())).toEqual([0, 1, 3, 4].map((m) => m * MINUTE));

    const result = await historyOf(ctx.app, token, {
      series: [seriesOf('1A0102', { pcNumber: 2 })],
      from: start.toISOString(),
      to: new Date(start.getTime() + 5 * MINUTE).toISOString(),
    });
    expect(result.resolutionMs).toBe(MINUTE);
    const [series] = result.series;
    expect(series).toMatchObject({ status: 'OK', name: 'Air temperature', unit: '°C', interval: 60 });
    expect(series!.points.t).toEqual([0, 1, 2, 3, 4].map((m) => start.getTime() + m * MINUTE));
    series!.points.avg.forEach((value, i) =>
      expected[i] === null ? expect(value).toBeNull() : expect(value).toBeCloseTo(expected[i]!, 4),
    );
  });

  it('leaves a gap while a device is offline and records again when it is back', async () => {
    const start = ctx.clock.now();
    const id = await minuteBuffer('1A0103', start);
    await ctx.app.history.reloadBuffers();
    const device = sim('1A0103');
    moveTo(start, 5_000);
    await publish(device);
    device.dropConnection();
    await eventually(() => !ctx.devices.gateway.isOnline('demo', '1A0103'), { what: 'device offline' });
    moveTo(start, MINUTE + 5_000);
    moveTo(start, 2 * MINUTE + 5_000);
    const before = heardLive(recorder());
    await device.connect(); // announces itself and publishes its values at once
    await eventually(() => heardLive(recorder()) > before, { what: 'values after reconnecting' });
    await ctx.app.history.flush();
    const samples = await storedSamples(ctx.handle.db, id);
    expect(samples.map((s) => s.at - start.getTime())).toEqual([0, 2 * MINUTE]);
  });

  it('records nothing from a message stamped far in the future, and again from the next sane one', async () => {
    const start = ctx.clock.now();
    const id = await minuteBuffer('1A0106', start);
    await ctx.app.history.reloadBuffers();
    const values = (ts: number, airTenths: number) =>
      JSON.stringify({ v: 1, type: 'values', ts, values: { '1.1': airTenths } });
    await speakAsDevice(ctx.devices, 'demo', '1A0106', async (client, topics) => {
      const topic = topics.values('demo', '1A0106', 1, 0);
      moveTo(start, 10_000);
      const before = recorder().metrics().clockAhead;
      await client.publishAsync(topic, values(9_000_000_000_000_000, 999), { qos: 1 });
      await eventually(() => recorder().metrics().clockAhead === before + 1, {
        what: 'far-future values refused',
      });
      moveTo(start, MINUTE + 10_000);
      const heard = heardLive(recorder());
      await client.publishAsync(topic, values(Date.now(), 42), { qos: 1 });
      await eventually(() => heardLive(recorder()) > heard, { what: 'sane values heard' });
    });
    await ctx.app.history.flush();
    const samples = await storedSamples(ctx.handle.db, id);
    expect(samples.map((s) => [s.at - start.getTime(), s.value])).toEqual([[MINUTE, 4.2]]);
    expect(Math.max(...samples.map((s) => s.at))).toBeLessThanOrEqual(ctx.clock.now().getTime());
  });

  it('records virtual devices from their computed lines, deduplicated the same way', async () => {
    const start = ctx.clock.now();
    const id = await minuteBuffer('F00101', start);
    await ctx.app.history.reloadBuffers();
    const reading = async () => {
      const line = await ctx.devices.gateway.readLine({
        tenant: 'demo',
        hexacode: 'F00101',
        department: 1,
        subDepartment: 0,
        page: 1,
        line: 1,
      });
      return Number((line as { value: string }).value);
    };
    const expected = [await reading()];
    recorder().sampleVirtual();
    recorder().sampleVirtual(); // the same window: nothing more
    moveTo(start, MINUTE + 1_000);
    await publish(sim('1A0102'));
    expected.push(await reading());
    // A changed line is announced and recorded at once; an unchanged one is sampled on the recorder's timer.
    if (expected[1] === expected[0]) recorder().sampleVirtual();
    const stored = async (n: number) => {
      await ctx.app.history.flush();
      return (await storedSamples(ctx.handle.db, id)).length === n;
    };
    await eventually(() => stored(2), { what: 'second virtual sample' });
    moveTo(start, 2 * MINUTE + 1_000);
    recorder().sampleVirtual(); // nothing announced: the line still has its last value
    expected.push(await reading());
    await ctx.app.history.flush();
    const samples = await storedSamples(ctx.handle.db, id);
    expect(samples.map((s) => s.at - start.getTime())).toEqual([0, MINUTE, 2 * MINUTE]);
    samples.forEach((s, i) => expect(s.value).toBeCloseTo(expected[i]!, 4));
  });

  /** Another recorder on the same database and broker, as a second instance runs one. */
  function startAnotherRecorder(): HistoryRecorder {
    const another = new HistoryRecorder({
      repository: createHistoryRepository(ctx.handle.db),
      stage: historyStore(ctx.handle.db).stage,
      access: ctx.devices,
      clock: ctx.clock,
      log: silentLogger,
      reloadMs: 200,
    });
    another.start();
    return another;
  }

  it('records nothing from the snapshots it is sent on subscribing, even for a recorded department', async () => {
    const id = await minuteBuffer('1A0104', ctx.clock.now());
    await ctx.app.history.reloadBuffers();
    const late = startAnotherRecorder();
    try {
      // Every snapshot the broker keeps, the recorded device's among them, reaches the late subscriber.
      await eventually(
        () =>
          late.connected &&
          late.metrics().buffers > 0 &&
          late.metrics().retained >= recorder().metrics().retained,
        { what: 'late recorder sent the snapshots' },
      );
      await late.flush();
      expect(late.metrics().recorded).toBe(0);
      expect(await storedSamples(ctx.handle.db, id)).toEqual([]);
    } finally {
      await late.stop();
    }
  });

  it('stores each sample once when two recorders hear the same messages, and reloads changed buffers', async () => {
    const second = startAnotherRecorder();
    try {
      await eventually(() => second.connected && second.metrics().retained > 0, {
        what: 'second recorder subscribed',
      });
      const start = ctx.clock.now();
      const id = await minuteBuffer('1A0105', start);
      // The first is told (as the buffer rules do), the second sees the change on its own.
      const known = second.metrics().buffers;
      await ctx.app.history.reloadBuffers();
      await eventually(() => second.metrics().buffers > known, { what: 'second recorder reloaded' });
      const before = second.metrics().recorded;
      const device = sim('1A0105');
      for (let minute = 0; minute < 3; minute++) {
        moveTo(start, minute * MINUTE + 2_000);
        const heard = heardLive(second);
        await publish(device);
        await eventually(() => heardLive(second) > heard, { what: 'second recorder heard' });
      }
      await Promise.all([ctx.app.history.flush(), second.flush()]);
      expect(second.metrics().recorded - before).toBeGreaterThanOrEqual(3);
      const samples = await storedSamples(ctx.handle.db, id);
      expect(samples.map((s) => s.at - start.getTime())).toEqual([0, MINUTE, 2 * MINUTE]);
    } finally {
      await second.stop();
    }
  });
});
