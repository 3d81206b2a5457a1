import { expect, it } from 'vitest';
import { describeEachBackend } from '../../testing/backends';
import { hostOf, tokenOf, useTestApp } from '../../testing/app';
import { ofType, useLiveSockets, type Received } from '../../testing/sockets';
import { eventually } from '../../testing/wait';
import { insertReader } from '../../testing/readers';

const PAGE = { kind: 'page', hexacode: '1A0102', department: 1, subDepartment: 0, page: 2 } as const;

describeEachBackend('real-time socket', (backend) => {
  const ctx = useTestApp(backend, { devices: true });
  const live = useLiveSockets(ctx);
  const open = (query = `?Authorization=${live.token()}`, tenant = 'demo') => live.open({ query, tenant });

  it('refuses a connection without a valid token', async () => {
    await expect(ctx.app.injectWS('/client-connect', { headers: { host: hostOf('demo') } })).rejects.toThrow(
      /401/,
    );
    await expect(
      ctx.app.injectWS('/client-connect?Authorization=nonsense', { headers: { host: hostOf('demo') } }),
    ).rejects.toThrow(/401/);
    // A token of one tenant does not open a socket on another.
    await expect(
      ctx.app.injectWS(`/client-connect?Authorization=${live.token()}`, {
        headers: { host: hostOf('acme') },
      }),
    ).rejects.toThrow(/401/);
  });

  it('says the session id at once and echoes the heartbeat', async () => {
    const { ws, messages } = await open();
    const [session] = await eventually(
      () => ofType(messages, 'SessionId').length > 0 && ofType(messages, 'SessionId'),
      { what: 'the SessionId message' },
    );
    expect(session!.payload.id).toMatch(/^[0-9a-f-]{36}$/);
    ws.send('ping');
    await eventually(() => messages.includes('ping'), { what: 'the heartbeat echoed' });
  });

  it('answers Subscribe with the page at once, then pushes the lines that change', async () => {
    const { ws, messages } = await open();
    ws.send(JSON.stringify({ type: 'Subscribe', payload: PAGE }));
    const [first] = await eventually(
      () => ofType(messages, 'LineValues').length > 0 && ofType(messages, 'LineValues'),
      { what: "the page's first LineValues" },
    );
    expect(first!.payload).toMatchObject({ hexacode: '1A0102', department: 1, subDepartment: 0, page: 2 });
    expect(first!.payload.lines.map((l) => l.number)).toEqual([1, 2, 3]);
    expect(first!.payload.lines[0]).toMatchObject({ status: 'OK', unit: '°C' });

    const write = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v2/devices/pages/lines',
      headers: { host: hostOf('demo'), authorization: `Bearer ${live.token()}` },
      payload: { hexacode: '1A0102', department: 1, subDepartment: 0, page: 2, line: 1, value: '-1.5' },
    });
    expect(write.statusCode).toBe(200);
    const change = await eventually(
      () =>
        ofType(messages, 'LineValues').find((m) =>
          m.payload.lines.some((l) => l.number === 1 && l.value === '-1.5'),
        ),
      { what: 'line 1 at -1.5 on the socket' },
    );
    // Only what changed travels, coalesced into one message per page.
    expect(change.payload.lines).toEqual([
      { number: 1, status: 'OK', value: '-1.5', unit: '°C', state: null },
    ]);

    ws.send(JSON.stringify({ type: 'Unsubscribe', payload: PAGE }));
    await eventually(() => ctx.app.realtime.hub()!.metrics().subscriptions === 0, {
      what: 'the page unsubscribed',
    });
  });

  it("sends what the ADF names in the user's language: the states of option lines, snapshot and changes", async () => {
    await insertReader(ctx.handle.db, { username: 'leser', password: 'Leser123', languageCode: 'DE' });
    const { ws, messages } = await open(`?Authorization=${await tokenOf(ctx.app, 'leser', 'Leser123')}`);
    const english = await open();
    const status = { ...PAGE, page: 1 };
    ws.send(JSON.stringify({ type: 'Subscribe', payload: status }));
    english.ws.send(JSON.stringify({ type: 'Subscribe', payload: status }));
    const lineOf = (sent: Received[], number: number) =>
      ofType(sent, 'LineValues')
        .flatMap((m) => m.payload.lines)
        .filter((line) => line.number === number)
        .at(-1);
    await eventually(() => lineOf(messages, 6) && lineOf(english.messages, 6), {
      what: 'line 6 on both sockets',
    });
    expect(['Geschlossen', 'Offen']).toContain(lineOf(messages, 6)!.value);
    expect(['Closed', 'Open']).toContain(lineOf(english.messages, 6)!.value);
    // A change: the controller goes to night mode, and each reader is told in their language.
    const mode = { tenant: 'demo', hexacode: '1A0102', department: 1, subDepartment: 0, page: 1, line: 9 };
    expect(await ctx.devices.gateway.writeLine(mode, 1)).toMatchObject({ result: 'ACCEPTED' });
    await eventually(
      () => lineOf(messages, 9)?.value === 'Nacht' && lineOf(english.messages, 9)?.value === 'Night',
      { what: "line 9 in each socket's language (Nacht, Night)" },
    );
    expect(await ctx.devices.gateway.writeLine(mode, 0)).toMatchObject({ result: 'ACCEPTED' });
  });

  it('pushes device, mapping and department status to the tenant', async () => {
    const { messages } = await open();
    const acme = await open(
      `?Authorization=${await tokenOf(ctx.app, 'operator', 'Operator123', 'acme')}`,
      'acme',
    );
    await eventually(() => ofType(messages, 'SessionId').length > 0, { what: 'the SessionId message' });
    const sim = ctx.devices.simulatedDevices.find((d) => d.spec.hexacode === '1A0103')!;
    sim.dropConnection(); // power cut: the broker publishes the will
    const off = await eventually(
      () =>
        ofType(messages, 'DeviceStatus').find(
          (m) => m.payload.hexacode === '1A0103' && m.payload.status === 'OFF',
        ),
      { what: '1A0103 OFF on the socket' },
    );
    expect(off).toBeDefined();
    const mapping = await eventually(
      () => ofType(messages, 'MappingStatus').find((m) => m.payload.memberHexacode === '1A0103'),
      { what: "1A0103's mapping status on the socket" },
    );
    expect(mapping.payload).toMatchObject({
      status: 'OFF',
      hexacode: expect.stringMatching(/^[0-9A-F]{8}$/),
    });
    await sim.connect();
    await eventually(
      () =>
        ofType(messages, 'DeviceStatus').find(
          (m) => m.payload.hexacode === '1A0103' && m.payload.status === 'ON',
        ),
      { what: '1A0103 ON again on the socket' },
    );
    // A department alarm: alarm delay 0 min and a high limit below the temperature, then the device runs a step.
    const address = { tenant: 'demo', hexacode: '1A0103', department: 1, subDepartment: 0, page: 4, line: 3 };
    expect(await ctx.devices.gateway.writeLine(address, 0)).toMatchObject({ result: 'ACCEPTED' });
    expect(await ctx.devices.gateway.writeLine({ ...address, line: 1 }, -30)).toMatchObject({
      result: 'ACCEPTED',
    });
    await sim.tick(4);
    const alarm = await eventually(
      () =>
        ofType(messages, 'DepartmentStatus').find(
          (m) => m.payload.hexacode === '1A0103' && m.payload.status === 'ON_ALARM',
        ),
      { what: "1A0103's department ON_ALARM on the socket" },
    );
    expect(alarm.payload).toMatchObject({ department: 1, subDepartment: 0 });
    await eventually(
      () =>
        ofType(messages, 'MappingStatus').find(
          (m) => m.payload.memberHexacode === '1A0103' && m.payload.status === 'ON_ALARM',
        ),
      { what: "1A0103's mapping ON_ALARM on the socket" },
    );
    // The business group itself shows the worst of its members.
    await eventually(
      () =>
        ofType(messages, 'DeviceStatus').find(
          (m) => m.payload.hexacode === mapping.payload.hexacode && m.payload.status === 'ON_ALARM',
        ),
      { what: "the mapping's device ON_ALARM on the socket" },
    );
    // Another tenant hears nothing of it.
    expect(ofType(acme.messages, 'DeviceStatus').some((m) => m.payload.hexacode === '1A0103')).toBe(false);
  });

  it('ignores and counts malformed client messages, and keeps serving', async () => {
    const { ws, messages } = await open();
    const before = ctx.app.realtime.hub()!.metrics().invalidMessages;
    ws.send('not json');
    ws.send(JSON.stringify({ type: 'Nope', payload: {} }));
    ws.send(JSON.stringify({ type: 'Subscribe', payload: { ...PAGE, page: 0 } }));
    ws.send(JSON.stringify([1, 2, 3]));
    ws.send('ping');
    await eventually(() => messages.includes('ping'), {
      what: 'the heartbeat echoed after the bad messages',
    });
    expect(ctx.app.realtime.hub()!.metrics().invalidMessages - before).toBe(4);
    // A device of another tenant cannot be watched: the answer is empty and no subscription is kept.
    ws.send(JSON.stringify({ type: 'Subscribe', payload: { ...PAGE, hexacode: '3E0002' } }));
    const empty = await eventually(
      () => ofType(messages, 'LineValues').find((m) => m.payload.hexacode === '3E0002'),
      { what: "3E0002's LineValues" },
    );
    expect(empty.payload.lines).toEqual([]);
  });

  it('answers every Subscribe, a refused one with no lines, so a browser resyncing knows it has all it gets', async () => {
    const { ws, messages } = await open();
    const before = ctx.app.realtime.hub()!.metrics().refusedSubscriptions;
    // A client may watch 500 pages; the next is refused.
    for (let page = 1; page <= 501; page++)
      ws.send(JSON.stringify({ type: 'Subscribe', payload: { ...PAGE, page } }));
    const answers = await eventually(
      () => ofType(messages, 'LineValues').length >= 501 && ofType(messages, 'LineValues'),
      { what: 'an answer to each Subscribe' },
    );
    const last = answers.find((m) => m.payload.page === 501)!;
    expect(last.payload).toMatchObject({ lines: [], reportedAt: null, stale: false });
    expect(ctx.app.realtime.hub()!.metrics().refusedSubscriptions - before).toBe(1);
  });
});
