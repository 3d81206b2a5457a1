import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachable } from '../testing/net';
import { eventually } from '../testing/wait';
import { SimulatedDevice } from '../simulator/device';
import type { FleetDevice } from '../simulator/fleetDevice';
import { type AdfRegistry, loadAdfs } from './adf/loader';
import { type EmbeddedBroker, startBroker } from './broker';
import { MemoryDeviceCredentials } from './credentials';
import { MemoryDeviceDirectory } from './directory';
import { Gateway, type GatewayEvent, type LineView } from './gateway';
import { PROTOCOL_VERSION, Topics } from './protocol';
import { averageAirOf, expectAnnouncedInAlarm, metricsAfter } from './testing';

/**
 * Protocol tests over real MQTT/TCP: against the embedded broker always, and against Mosquitto on 127.0.0.1:1883
 * when one is running (anonymous there, so the broker-auth assertions are skipped and every run uses its own
 * tenant and topic prefix).
 */
const mosquittoUp = await reachable(1883);

const SERVER = { username: 'coldwatch-server', password: randomBytes(16).toString('hex') };
const FIXED_NOW = () => new Date('2026-01-15T12:00:00');

const line = (lines: LineView[], n: number) => lines.find((l) => l.number === n)!;

type Target = 'embedded' | 'mosquitto';
const targets: Target[] = mosquittoUp ? ['embedded', 'mosquitto'] : ['embedded'];
if (!mosquittoUp)
  describe.skip('protocol against Mosquitto (not running on 127.0.0.1:1883)', () => it('skipped', () => {}));

describe.each(targets)('device protocol against the %s broker', (target) => {
  const tenant = target === 'embedded' ? 'demo' : `t${randomBytes(4).toString('hex')}`;
  const prefix = target === 'embedded' ? 'devices' : `cwtest-${randomBytes(4).toString('hex')}/devices`;
  const topics = new Topics(prefix);
  const credentials = new MemoryDeviceCredentials();
  const directory = new MemoryDeviceDirectory();
  let adfs: AdfRegistry;
  let broker: EmbeddedBroker | undefined;
  let url: string;
  let gateway: Gateway;
  let sim: SimulatedDevice;
  const events: GatewayEvent[] = [];
  const extraClients: MqttClient[] = [];

  const spec: FleetDevice = {
    tenant,
    hexacode: '0A1B2C',
    model: 'CC-410',
    name: 'Dairy case',
    credential: 'correct-horse-battery-staple',
    profiles: { '1.0': 'mt-case', '1.1': 'mt-case' },
  };

  const readPage = (
    hexacode: string,
    department: number,
    subDepartment: number,
    page: number,
    options?: { factorySettings?: boolean },
  ) => gateway.readLines({ tenant, hexacode, department, subDepartment, page }, options);

  const rawClient = async (username?: string, password?: string) => {
    const c = await mqtt.connectAsync(url, {
      username,
      password,
      protocolVersion: 4,
      reconnectPeriod: 0,
      // A device connects under its own username as client id (the embedded broker insists).
      clientId: username?.includes('/') ? username : `test-${randomBytes(4).toString('hex')}`,
    });
    extraClients.push(c);
    return c;
  };
  const serverClient = () =>
    target === 'embedded' ? rawClient(SERVER.username, SERVER.password) : rawClient();

  beforeAll(async () => {
    adfs = await loadAdfs();
    credentials.set(tenant, spec.hexacode, spec.credential);
    credentials.set(tenant, '0D0D0D', 'another-device-credential');
    directory.set({ tenant, hexacode: spec.hexacode, name: spec.name, model: 'CC-410' });
    directory.set({ tenant, hexacode: '0E0E0E', name: 'Unknown model', model: 'ZZ-999' });
    if (target === 'embedded') {
      broker = await startBroker({ port: 0, host: '127.0.0.1', credentials, server: SERVER, prefix });
      url = broker.url;
    } else {
      url = 'mqtt://127.0.0.1:1883';
    }
    gateway = new Gateway({
      url,
      prefix,
      adfs,
      directory,
      writeTimeoutMs: 2000,
      ...(target === 'embedded' ? SERVER : {}),
    });
    await gateway.start();
    gateway.subscribe((e) => events.push(e));
    sim = new SimulatedDevice(spec, adfs.get('CC-410')!, { url, prefix, now: FIXED_NOW, eventRate: 0 });
    await sim.connect();
  });

  afterAll(async () => {
    await sim?.disconnect().catch(() => {});
    if (target === 'mosquitto') {
      // Leave no retained messages behind on a shared Mosquitto.
      const cleaner = await rawClient();
      const retained = new Set<string>();
      cleaner.on('message', (topic, payload) => payload.length > 0 && retained.add(topic));
      await cleaner.subscribeAsync(`${prefix}/#`);
      // The broker sends what it retains at the subscription, before a message published after it.
      const marker = `${prefix}/cleanup-marker`;
      let marked = false;
      cleaner.on('message', (topic) => (marked ||= topic === marker));
      await cleaner.publishAsync(marker, 'x', { qos: 1 });
      await eventually(() => marked, { what: 'the retained messages collected' });
      await Promise.all([...retained].map((t) => cleaner.publishAsync(t, '', { retain: true, qos: 1 })));
    }
    await Promise.all(extraClients.map((c) => c.endAsync().catch(() => {})));
    await gateway?.stop();
    await broker?.close();
  });

  it.runIf(target === 'embedded')(
    'refuses a wrong credential, an unknown device and anonymous clients',
    async () => {
      const attempt = (username?: string, password?: string) =>
        mqtt.connectAsync(url, { username, password, reconnectPeriod: 0, protocolVersion: 4 });
      await expect(attempt(`${tenant}/${spec.hexacode}`, 'wrong-credential-xyz')).rejects.toThrow(
        /Bad username or password/,
      );
      await expect(attempt(`${tenant}/ABCDEF`, spec.credential)).rejects.toThrow(/Bad username or password/);
      await expect(attempt(undefined, undefined)).rejects.toThrow(/Bad username or password/);
      await expect(attempt(SERVER.username, 'not-the-server-password')).rejects.toThrow(
        /Bad username or password/,
      );
    },
  );

  it.runIf(target === 'embedded')('keeps a device to its own topics', async () => {
    const other = await rawClient(`${tenant}/0D0D0D`, 'another-device-credential');
    const own = await other.subscribeAsync(topics.commands(tenant, '0D0D0D'), { qos: 1 });
    expect(own[0]?.qos).toBe(1);
    // A negative SUBACK (0x80) for another device's commands.
    await expect(other.subscribeAsync(topics.commands(tenant, spec.hexacode))).rejects.toThrow(
      /Subscribe error/,
    );
    // Publishing as another device is refused (Aedes drops the connection); the gateway never hears it.
    const spy = await serverClient();
    const seen: string[] = [];
    spy.on('message', (t) => seen.push(t));
    await spy.subscribeAsync(`${prefix}/${tenant}/${spec.hexacode}/departments/9.9/#`);
    other.publish(
      topics.departmentStatus(tenant, spec.hexacode, 9, 9),
      JSON.stringify({ v: 1, type: 'departmentStatus', status: 'ON_ALARM' }),
    );
    // A device may not publish commands, not even to itself.
    await eventually(() => !other.connected, { what: 'the broker dropping the impostor' });
    // A message published after the refused one reaches the spy after it would have.
    const marker = `${prefix}/${tenant}/${spec.hexacode}/departments/9.9/marker`;
    await spy.publishAsync(marker, 'x', { qos: 1 });
    await eventually(() => seen.includes(marker), { what: 'the marker after the refused publish' });
    expect(seen).toEqual([marker]);
    expect(
      gateway.departmentStatus({ tenant, hexacode: spec.hexacode, department: 9, subDepartment: 9 }),
    ).toBe('ON');
  });

  it('delivers raw values to the gateway cache and translates them through the ADF', async () => {
    const result = await eventually(
      async () => {
        const r = await readPage(spec.hexacode, 1, 0, 1);
        return line(r.lines, 1)?.status === 'OK' ? r : undefined;
      },
      { what: 'line 1 read OK' },
    );
    expect(result.status).toBe('OK');
    expect(line(result.lines, 1)).toMatchObject({ name: 'Air temperature', unit: '°C', readOnly: true });
    expect(line(result.lines, 1).value).toMatch(/^-?\d+\.\d$/);
    expect(line(result.lines, 6)).toMatchObject({
      status: 'OK',
      value: 'Closed',
      options: [
        { label: 'Closed', index: 0 },
        { label: 'Open', index: 1 },
      ],
    });
    expect(gateway.deviceStatus(tenant, spec.hexacode)).toBe('ON');

    const departments = await gateway.departments(tenant, spec.hexacode);
    expect(departments.departments.map((d) => `${d.department}.${d.subDepartment} ${d.status}`)).toEqual([
      '1.0 ON',
      '1.1 ON',
    ]);
    expect(
      (await gateway.pages({ tenant, hexacode: spec.hexacode, department: 1, subDepartment: 0 })).pages.map(
        (p) => p.name,
      ),
    ).toEqual(['Status', 'Thermostat', 'Defrost', 'Alarms', 'Service']);
    // Factory-settings lines only on request.
    expect((await readPage(spec.hexacode, 1, 0, 5)).lines.map((l) => l.number)).toEqual([4]);
    expect((await readPage(spec.hexacode, 1, 0, 5, { factorySettings: true })).lines).toHaveLength(4);
    // The statuses of SPEC §4 for everything that is not there.
    expect((await readPage('FFFFFF', 1, 0, 1)).status).toBe('DEVICE_NOT_FOUND');
    expect((await readPage('0E0E0E', 1, 0, 1)).status).toBe('ADF_NOT_FOUND');
    expect((await readPage(spec.hexacode, 7, 0, 1)).status).toBe('DEPARTMENT_NOT_PRESENT');
    expect((await readPage(spec.hexacode, 1, 0, 42)).status).toBe('PAGE_NOT_PRESENT');
    const missing = { tenant, hexacode: spec.hexacode, department: 1, subDepartment: 0, page: 1, line: 99 };
    expect(await gateway.readLine(missing)).toEqual({ status: 'LINE_NOT_PRESENT_IN_ADF' });
    expect(events.some((e) => e.type === 'RawLineValues' && e.hexacode === spec.hexacode)).toBe(true);
  });

  it('counts malformed, unknown and wrongly shaped messages without crashing', async () => {
    const device =
      target === 'embedded'
        ? await rawClient(`${tenant}/0D0D0D`, 'another-device-credential')
        : await rawClient();
    const before = gateway.metrics();
    const values = topics.values(tenant, '0D0D0D', 1, 0);
    await device.publishAsync(values, '{ this is not json', { qos: 1 });
    await device.publishAsync(values, JSON.stringify({ v: PROTOCOL_VERSION, type: 'hello' }), { qos: 1 });
    await device.publishAsync(values, JSON.stringify({ v: 1, type: 'values', ts: 'yesterday', values: {} }), {
      qos: 1,
    });
    await device.publishAsync(
      values,
      JSON.stringify({ v: 1, type: 'values', ts: 1, values: { '1.1': 1.5 } }),
      { qos: 1 },
    );
    await device.publishAsync(values, JSON.stringify({ v: 99, type: 'values', ts: 1, values: {} }), {
      qos: 1,
    });
    await device.publishAsync(values, JSON.stringify([1, 2, 3]), { qos: 1 });
    await device.publishAsync(values, JSON.stringify({ v: 1, type: 'status', online: true }), { qos: 1 });
    await device.publishAsync(
      topics.status(tenant, '0D0D0D'),
      JSON.stringify({ v: 1, type: 'status', online: 'yes' }),
      { qos: 1 },
    );
    await device.publishAsync(
      values,
      JSON.stringify({ v: 1, type: 'values', ts: 5, values: { '1.1': 42 } }),
      { qos: 1 },
    );
    const { after: m, rejected: delta } = await metricsAfter(gateway, before, 9);
    expect(delta('malformed_json')).toBe(1);
    expect(delta('unknown_type')).toBe(1);
    expect(delta('invalid_shape')).toBe(3);
    expect(delta('unsupported_version')).toBe(1);
    expect(delta('not_an_object')).toBe(1);
    expect(delta('type_topic_mismatch')).toBe(1);
    expect(m.accepted - before.accepted).toBe(1);
    expect(
      gateway.rawValue({ tenant, hexacode: '0D0D0D', department: 1, subDepartment: 0, page: 1, line: 1 }),
    ).toBe(42);
    // The real device is untouched.
    expect((await readPage(spec.hexacode, 1, 0, 1)).status).toBe('OK');
  });

  it('writes a setpoint end to end, and the temperature follows', async () => {
    const address = { tenant, hexacode: spec.hexacode, department: 1, subDepartment: 0, page: 2, line: 1 };
    const startAir = sim.value(1, 0, 'airTemp') as number;
    // No timed defrost during the test (one already running ends within its 30 min maximum).
    expect(await gateway.writeLine({ ...address, page: 3, line: 1 }, 48)).toMatchObject({
      result: 'ACCEPTED',
    });
    expect(await gateway.writeLine(address, '-1.5')).toEqual({ result: 'ACCEPTED', raw: -15 });
    expect(sim.value(1, 0, 'setpoint')).toBeCloseTo(-1.5);
    await eventually(
      async () => {
        const l = await gateway.readLine(address);
        return 'value' in l && l.value === '-1.5' ? l : undefined;
      },
      { what: 'the written value -1.5 read back' },
    );
    await sim.tick(3600); // an hour of simulated time
    const airAfter = sim.value(1, 0, 'airTemp') as number;
    expect(airAfter).toBeLessThan(startAir - 1);
    expect(Math.abs(airAfter - -1.5)).toBeLessThan(2.5);
    const air = await eventually(
      async () => {
        const l = await gateway.readLine({ ...address, page: 1, line: 1 });
        return 'value' in l && Number(l.value) === Math.round(airAfter * 10) / 10 ? l : undefined;
      },
      { what: 'the new air temperature read back' },
    );
    expect(air.status).toBe('OK');
    expect(await gateway.writeLine({ ...address, page: 1, line: 9 }, 'Night')).toMatchObject({
      result: 'ACCEPTED',
    });
    expect(sim.value(1, 0, 'mode')).toBe(1);
  });

  it('refuses read-only and out-of-limit writes on the server, and the device refuses them too', async () => {
    const address = { tenant, hexacode: spec.hexacode, department: 1, subDepartment: 0, page: 1, line: 1 };
    expect(await gateway.writeLine(address, '3')).toMatchObject({
      result: 'REFUSED',
      by: 'server',
      reason: 'READ_ONLY',
    });
    expect(await gateway.writeLine({ ...address, page: 2 }, '50')).toMatchObject({
      result: 'REFUSED',
      by: 'server',
      reason: 'OUT_OF_RANGE',
    });
    expect(await gateway.writeLine({ ...address, page: 5 }, '1')).toMatchObject({
      reason: 'FACTORY_SETTINGS',
    });
    expect(await gateway.writeLine({ ...address, line: 99 }, '1')).toEqual({
      result: 'UNAVAILABLE',
      status: 'LINE_NOT_PRESENT_IN_ADF',
    });

    // The device checks on its own: a command straight from an MQTT client.
    const server = await serverClient();
    const replies: unknown[] = [];
    server.on('message', (_t, p) => replies.push(JSON.parse(p.toString())));
    await server.subscribeAsync(topics.replies(tenant, spec.hexacode), { qos: 1 });
    const send = (id: string, page: number, ln: number, raw: number) =>
      server.publishAsync(
        topics.commands(tenant, spec.hexacode),
        JSON.stringify({ v: 1, type: 'write', id, department: 1, subDepartment: 0, page, line: ln, raw }),
        { qos: 1 },
      );
    await send('r1', 1, 1, 30);
    await send('r2', 2, 1, 500);
    await send('r3', 9, 9, 1);
    await eventually(() => (replies.length >= 3 ? true : undefined), { what: 'three write replies' });
    expect(replies).toEqual([
      { v: 1, type: 'writeResult', id: 'r1', result: 'REFUSED', reason: 'READ_ONLY' },
      { v: 1, type: 'writeResult', id: 'r2', result: 'REFUSED', reason: 'OUT_OF_RANGE' },
      { v: 1, type: 'writeResult', id: 'r3', result: 'REFUSED', reason: 'UNKNOWN_LINE' },
    ]);
  });

  it('raises a department alarm through the device and reports it live', async () => {
    const address = { tenant, hexacode: spec.hexacode, department: 1, subDepartment: 1, page: 4, line: 3 };
    expect(await gateway.writeLine(address, 0)).toMatchObject({ result: 'ACCEPTED' }); // alarm delay 0 min
    expect(await gateway.writeLine({ ...address, line: 1 }, -30)).toMatchObject({ result: 'ACCEPTED' }); // high limit
    await sim.tick(4);
    // Under load the device may apply the writes after those ticks: time goes on while the test waits.
    await eventually(
      async () => {
        if (
          gateway.departmentStatus({ tenant, hexacode: spec.hexacode, department: 1, subDepartment: 1 }) ===
          'ON_ALARM'
        )
          return true;
        await sim.tick(1);
        return undefined;
      },
      { what: 'department 1.1 ON_ALARM' },
    );
    expect(gateway.deviceStatus(tenant, spec.hexacode)).toBe('ON_ALARM');
    expectAnnouncedInAlarm(events, tenant, spec.hexacode);
    expect(await gateway.writeLine({ ...address, line: 1 }, 20)).toMatchObject({ result: 'ACCEPTED' });
    await sim.tick(4);
    await eventually(() => (gateway.deviceStatus(tenant, spec.hexacode) === 'ON' ? true : undefined), {
      what: 'the device ON',
    });
  });

  it('computes virtual device lines from the real device', async () => {
    gateway.setVirtualDevices(tenant, [averageAirOf('F00001', spec.hexacode)]);
    const a = sim.value(1, 0, 'airTemp') as number;
    const b = sim.value(1, 1, 'airTemp') as number;
    const r = await readPage('F00001', 1, 0, 1);
    expect(r.status).toBe('OK');
    expect(Number(r.lines[0]!.value)).toBeCloseTo((a + b) / 2, 0);
    await eventually(() => events.find((e) => e.type === 'VirtualLineValues' && e.hexacode === 'F00001'), {
      what: "F00001's virtual line values",
    });
    expect(
      await gateway.writeLine(
        { tenant, hexacode: 'F00001', department: 1, subDepartment: 0, page: 1, line: 1 },
        1,
      ),
    ).toMatchObject({
      result: 'REFUSED',
      reason: 'READ_ONLY',
    });
  });

  it('answers TIMEOUT when the device does not answer', async () => {
    sim.answerCommands = false;
    try {
      const address = { tenant, hexacode: spec.hexacode, department: 1, subDepartment: 0, page: 2, line: 2 };
      expect(await gateway.writeLine(address, '2.5', { timeoutMs: 300 })).toEqual({ result: 'TIMEOUT' });
      expect(gateway.metrics().pendingWrites).toBe(0);
    } finally {
      sim.answerCommands = true;
    }
  });

  it('goes offline through the last will when the connection drops', async () => {
    sim.dropConnection();
    await eventually(
      () =>
        events.find((e) => e.type === 'DeviceStatus' && e.hexacode === spec.hexacode && e.status === 'OFF'),
      { what: 'the device OFF' },
    );
    expect(
      gateway.departmentStatus({ tenant, hexacode: spec.hexacode, department: 1, subDepartment: 0 }),
    ).toBe('OFF');
    const r = await readPage(spec.hexacode, 1, 0, 1);
    expect(r.status).toBe('DEVICE_CAN_RECEIVED');
    expect(r.lines.every((l) => l.status === 'DEVICE_CAN_RECEIVED' && l.value === undefined)).toBe(true);
    const address = { tenant, hexacode: spec.hexacode, department: 1, subDepartment: 0, page: 2, line: 1 };
    expect(await gateway.writeLine(address, '1')).toEqual({
      result: 'UNAVAILABLE',
      status: 'DEVICE_CAN_RECEIVED',
    });
    await sim.connect();
    await eventually(() => (gateway.deviceStatus(tenant, spec.hexacode) === 'ON' ? true : undefined), {
      what: 'the device ON again',
    });
  });

  it('hands every values message to each own subscription, as on every instance', async () => {
    const got: string[] = [];
    const filter = `${tenant}/+/departments/+/values`;
    const stops = await Promise.all(
      ['a', 'b'].map((name) =>
        gateway.subscribeOwn('history', filter, (_t, _p, retained) => !retained && got.push(name)),
      ),
    );
    await sim.tick(2);
    // Each department snapshot reached both: recording survives the loss of either instance.
    await eventually(
      () => got.filter((name) => name === 'a').length >= 2 && got.filter((name) => name === 'b').length >= 2,
      { what: 'two messages of each subscriber' },
    );
    await Promise.all(stops.map((stop) => stop()));
  });
});
