import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ALARM_CHANGE_ID_HEADER, ALARM_STREAM_EVENT, ALARM_STREAM_PATH } from '#contracts';
import type { GatewayEvent } from '../../gateway/events';
import { tokenOf, secondInstance, useTestApp } from '../../testing/app';
import { describeEachBackend } from '../../testing/backends';
import { eventually } from '../../testing/wait';
import {
  changed,
  listening,
  openRegisteredStream,
  openStream,
  SPOKEN_FOR_DEVICES,
  STANDALONE,
  T0,
} from './testing';

describeEachBackend('alarm stream', (backend) => {
  const ctx = useTestApp(backend, { devices: SPOKEN_FOR_DEVICES });
  let second: FastifyInstance;
  let base: string;
  let token: string;

  beforeAll(async () => {
    base = await listening(ctx.app);
    token = await tokenOf(ctx.app, 'admin', 'Admin123');
    // A second instance over the same database: what it stores must reach the first one's clients.
    second = await secondInstance(ctx);
  });
  afterAll(async () => second?.close());

  // A test that fails leaves no stream open for the next one, which waits for the streams before to close.
  const streams: { close: () => Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(streams.splice(0).map((stream) => stream.close()));
  });
  const opened = <T extends { close: () => Promise<void> }>(stream: T) => (streams.push(stream), stream);
  /** The entries of the device these tests change; the other devices of the fleet may have theirs in between. */
  const standalone = (stream: Awaited<ReturnType<typeof openStream>>) =>
    stream.events.filter((event) => event.entry.hexacode === STANDALONE);

  const storeOnSecond = async (event: GatewayEvent) => {
    second.alarms.store.handle(event);
    await second.alarms.flush();
  };

  it('refuses a stream without a valid bearer token, or to a client that does not ask for events', async () => {
    const headers = { accept: 'text/event-stream', authorization: 'Bearer nope' };
    expect((await fetch(`${base}${ALARM_STREAM_PATH}`, { headers })).status).toBe(401);
    const plain = await fetch(`${base}${ALARM_STREAM_PATH}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(plain.status).toBe(406);
    expect(await plain.json()).toMatchObject({ code: 'EVENT_STREAM_NOT_ACCEPTED' });
  });

  it("streams another instance's change at once, then the empty entry, and resumes with Last-Event-ID", async () => {
    const stream = opened(await openRegisteredStream(ctx.app, base, token));
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');

    // The instances share only the database, and its feed has no polling: the raise can only come by the
    // notification its commit sends, at once.
    await storeOnSecond(changed('HIGH_TEMPERATURE', true, T0));
    const [raised] = await eventually(() => standalone(stream)[0] && standalone(stream), {
      what: 'the raise on the stream',
    });
    expect(raised).toMatchObject({
      event: ALARM_STREAM_EVENT,
      entry: { type: 'DeviceAlarmEntry', hexacode: STANDALONE, size: 1, empty: false },
    });
    expect(raised!.entry.alarms[0]).toMatchObject({ code: 'HIGH_TEMPERATURE', department: 1 });

    await storeOnSecond(changed('HIGH_TEMPERATURE', false, T0 + 1000));
    const cleared = await eventually(() => standalone(stream)[1], { what: 'the clear on the stream' });
    expect(cleared.entry).toMatchObject({ hexacode: STANDALONE, size: 0, empty: true, alarms: [] });
    expect(Number(cleared.id)).toBeGreaterThan(Number(raised!.id));
    await stream.close();

    // Away for a while: a raise happens meanwhile; resuming from the first event replays the device as it is now.
    await storeOnSecond(changed('SENSOR_FAULT', true, T0 + 2000));
    const resumed = opened(await openStream(base, token, raised!.id));
    const replayed = await eventually(() => standalone(resumed)[0], { what: 'the replay' });
    expect(standalone(resumed)).toHaveLength(1);
    expect(replayed.entry).toMatchObject({ hexacode: STANDALONE, size: 1 });
    expect(replayed.entry.alarms.map((a) => a.code)).toEqual(['SENSOR_FAULT']);
  });

  it('names the change the list includes, and a stream opened after it replays what changed since', async () => {
    const list = await fetch(`${base}/api/v2/alarms/`, { headers: { authorization: `Bearer ${token}` } });
    const changeId = list.headers.get(ALARM_CHANGE_ID_HEADER);
    expect(changeId).toMatch(/^\d+$/);
    // A change lands between the list and the stream: the stream, opened after the list's change, brings it.
    await storeOnSecond(changed('HIGH_TEMPERATURE', true, T0 + 5000));
    const stream = opened(await openStream(base, token, changeId!));
    const between = await eventually(() => standalone(stream)[0], { what: 'the change made in between' });
    expect(between.entry.alarms.map((a) => a.code)).toContain('HIGH_TEMPERATURE');
  });

  it('ends the stream when the session signs out', async () => {
    const own = await tokenOf(ctx.app, 'operator', 'Operator123');
    const stream = opened(await openRegisteredStream(ctx.app, base, own));
    const logout = await fetch(`${base}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${own}` },
    });
    expect(logout.status).toBeLessThan(300);
    await eventually(() => stream.ended(), { what: 'the stream closed' });
  });
});
