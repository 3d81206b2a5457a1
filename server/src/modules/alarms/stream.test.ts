import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALARM_CHANGE_ID_HEADER, ALARM_STREAM_EVENT, ALARM_STREAM_PATH } from '#contracts';
import type { GatewayEvent } from '../../gateway/events';
import { tokenOf, secondInstance, useTestApp } from '../../testing/app';
import { describeEachBackend } from '../../testing/backends';
import { eventually } from '../../testing/wait';
import { changed, listening, openRegisteredStream, openStream, STANDALONE, T0 } from './testing';

describeEachBackend('alarm stream', (backend) => {
  const ctx = useTestApp(backend, { devices: true });
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
    const stream = await openRegisteredStream(ctx.app, base, token);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');

    // The instances share only the database, and its feed has no polling: the raise can only come by the
    // notification its commit sends, at once.
    await storeOnSecond(changed('HIGH_TEMPERATURE', true, T0));
    await eventually(() => stream.events.length >= 1, { what: 'the raise on the stream' });
    const [raised] = stream.events;
    expect(raised).toMatchObject({
      event: ALARM_STREAM_EVENT,
      entry: { type: 'DeviceAlarmEntry', hexacode: STANDALONE, size: 1, empty: false },
    });
    expect(raised!.entry.alarms[0]).toMatchObject({ code: 'HIGH_TEMPERATURE', department: 1 });

    await storeOnSecond(changed('HIGH_TEMPERATURE', false, T0 + 1000));
    await eventually(() => stream.events.length >= 2, { what: 'the clear on the stream' });
    const cleared = stream.events[1]!;
    expect(cleared.entry).toMatchObject({ hexacode: STANDALONE, size: 0, empty: true, alarms: [] });
    expect(Number(cleared.id)).toBeGreaterThan(Number(raised!.id));
    await stream.close();

    // Away for a while: a raise happens meanwhile; resuming from the first event replays the device as it is now.
    await storeOnSecond(changed('SENSOR_FAULT', true, T0 + 2000));
    const resumed = await openStream(base, token, raised!.id);
    await eventually(() => resumed.events.length >= 1, { what: 'the replay' });
    expect(resumed.events).toHaveLength(1);
    expect(resumed.events[0]!.entry).toMatchObject({ hexacode: STANDALONE, size: 1 });
    expect(resumed.events[0]!.entry.alarms.map((a) => a.code)).toEqual(['SENSOR_FAULT']);
    await resumed.close();
  });

  it('names the change the list includes, and a stream opened after it replays what changed since', async () => {
    const list = await fetch(`${base}/api/v2/alarms/`, { headers: { authorization: `Bearer ${token}` } });
    const changeId = list.headers.get(ALARM_CHANGE_ID_HEADER);
    expect(changeId).toMatch(/^\d+$/);
    // A change lands between the list and the stream: the stream, opened after the list's change, brings it.
    await storeOnSecond(changed('HIGH_TEMPERATURE', true, T0 + 5000));
    const stream = await openStream(base, token, changeId!);
    await eventually(() => stream.events.length >= 1, { what: 'the change made in between' });
    expect(stream.events[0]!.entry.alarms.map((a) => a.code)).toContain('HIGH_TEMPERATURE');
    await stream.close();
  });

  it('ends the stream when the session signs out', async () => {
    const own = await tokenOf(ctx.app, 'operator', 'Operator123');
    const stream = await openRegisteredStream(ctx.app, base, own);
    const logout = await fetch(`${base}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${own}` },
    });
    expect(logout.status).toBeLessThan(300);
    await eventually(() => stream.ended(), { what: 'the stream closed' });
    await stream.close();
  });
});
