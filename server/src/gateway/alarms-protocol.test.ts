import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_LOST_CODE } from '#contracts/alarms';
import { SimulatedDevice } from '../simulator/device';
import type { FleetDevice } from '../simulator/fleetDevice';
import { eventually } from '../testing/wait';
import type { Gateway, GatewayEvent } from './gateway';
import { MessageIntake } from './intake';
import { silentLogger } from './logger';
import { DEVICE_LOST_AFTER_MS, Topics } from './protocol';
import {
  expectAnnouncedInAlarm,
  type GatewayBench,
  manualClock,
  metricsAfter,
  startGatewayBench,
  testDevice,
} from './testing';

/** The alarm part of the device protocol over real MQTT/TCP against the embedded broker, with a manual clock. */
const FIXED_NOW = new Date('2026-01-15T12:00:00Z');
const topics = new Topics('devices');
const tenant = 'demo';

const RAW = testDevice('0A0A01');
const OTHER = testDevice('0A0A02');
const SIM = testDevice('0A0A03');
/** The departments whose status the tests read: the raw device's 1/1, the simulated device's 1/0 and 1/1. */
const RAW_ALARMED = { tenant, hexacode: RAW.hexacode, department: 1, subDepartment: 1 };
const SIM_FIRST = { tenant, hexacode: SIM.hexacode, department: 1, subDepartment: 0 };
const SIM_SECOND = { ...SIM_FIRST, subDepartment: 1 };

describe('alarms over the device protocol', () => {
  const clock = manualClock(Date.parse('2026-01-15T12:00:00Z'));
  let events: GatewayEvent[] = [];
  let bench: GatewayBench;
  let gateway: Gateway;
  let sim: SimulatedDevice;

  const connectAs = (spec: FleetDevice, will = false) => bench.connectAs(spec, will);
  const publish = (client: MqttClient, topic: string, message: object, retain = false) =>
    bench.publish(client, topic, message, retain);
  const online = (client: MqttClient, spec: FleetDevice) =>
    publish(client, topics.status(tenant, spec.hexacode), { v: 1, type: 'status', online: true }, true);
  const alarm = (department: string, code: string, state: 'RAISED' | 'CLEARED', ts: number) => ({
    v: 1,
    type: 'alarm',
    department,
    code,
    state,
    ts,
  });
  /** `client` publishes an alarm of `spec` on that device's own alarm topic, as a device reports one. */
  const reportAlarm = (
    client: MqttClient,
    spec: FleetDevice,
    department: string,
    code: string,
    state: 'RAISED' | 'CLEARED',
    ts: number,
  ) => publish(client, topics.alarms(tenant, spec.hexacode), alarm(department, code, state, ts));
  const alarmEvents = (hexacode: string, code?: string) =>
    events.filter(
      (e): e is Extract<GatewayEvent, { type: 'AlarmChanged' }> =>
        e.type === 'AlarmChanged' &&
        e.hexacode === hexacode &&
        (code === undefined ? e.code !== DEVICE_LOST_CODE : e.code === code),
    );

  beforeAll(async () => {
    bench = await startGatewayBench([RAW, OTHER, SIM], { clock });
    ({ gateway, events } = bench);
    sim = new SimulatedDevice(SIM, bench.adfs.get('CC-410')!, {
      url: bench.broker.url,
      now: () => FIXED_NOW,
      eventRate: 0,
    });
    await sim.connect();
    await eventually(() => gateway.isOnline(tenant, SIM.hexacode), { what: 'the simulated device online' });
  });
  beforeEach(() => void events.splice(0));

  afterAll(async () => {
    await sim?.disconnect().catch(() => {});
    await bench?.stop();
  });

  it('announces a raised and a cleared alarm, and the statuses follow', async () => {
    const client = await connectAs(RAW);
    await online(client, RAW);
    await eventually(() => gateway.isOnline(tenant, RAW.hexacode), { what: 'the device online' });
    await reportAlarm(client, RAW, '1.1', 'HIGH_TEMPERATURE', 'RAISED', 1000);
    await eventually(() => alarmEvents(RAW.hexacode, 'HIGH_TEMPERATURE')[0], {
      what: 'the raised HIGH_TEMPERATURE event',
    });
    expect(alarmEvents(RAW.hexacode, 'HIGH_TEMPERATURE')).toEqual([
      {
        type: 'AlarmChanged',
        tenant,
        hexacode: RAW.hexacode,
        department: 1,
        subDepartment: 1,
        code: 'HIGH_TEMPERATURE',
        raised: true,
        at: 1000,
      },
    ]);
    expect(gateway.departmentStatus(RAW_ALARMED)).toBe('ON_ALARM');
    expect(gateway.deviceStatus(tenant, RAW.hexacode)).toBe('ON_ALARM');
    expectAnnouncedInAlarm(events, tenant, RAW.hexacode);

    // A second alarm, then the first cleared: still in alarm until the last one clears.
    await reportAlarm(client, RAW, '1.1', 'DOOR_OPEN', 'RAISED', 2000);
    await reportAlarm(client, RAW, '1.1', 'HIGH_TEMPERATURE', 'CLEARED', 3000);
    await eventually(() => alarmEvents(RAW.hexacode).length === 3, { what: 'three alarm events' });
    expect(gateway.departmentStatus(RAW_ALARMED)).toBe('ON_ALARM');
    await reportAlarm(client, RAW, '1.1', 'DOOR_OPEN', 'CLEARED', 4000);
    await eventually(() => gateway.deviceStatus(tenant, RAW.hexacode) === 'ON', {
      what: 'the device ON again',
    });
    expect(gateway.departmentStatus(RAW_ALARMED)).toBe('ON');
    expect(alarmEvents(RAW.hexacode).map((e) => `${e.code} ${e.raised} ${e.at}`)).toEqual([
      'HIGH_TEMPERATURE true 1000',
      'DOOR_OPEN true 2000',
      'HIGH_TEMPERATURE false 3000',
      'DOOR_OPEN false 4000',
    ]);
  });

  it("announces a department's current alarm list with each department status", async () => {
    const client = await connectAs(RAW);
    const status = (alarms?: string[]) => ({
      v: 1,
      type: 'departmentStatus',
      status: alarms?.length ? 'ON_ALARM' : 'ON',
      ...(alarms ? { alarms } : {}),
      ts: 5000,
    });
    await publish(
      client,
      topics.departmentStatus(tenant, RAW.hexacode, 1, 0),
      status(['SENSOR_FAULT']),
      true,
    );
    await publish(client, topics.departmentStatus(tenant, RAW.hexacode, 1, 0), status(), true);
    const lists = await eventually(
      () => {
        const found = events.filter((e) => e.type === 'AlarmList' && e.hexacode === RAW.hexacode);
        return found.length === 2 ? found : undefined;
      },
      { what: 'two AlarmList events' },
    );
    expect(lists).toEqual([
      {
        type: 'AlarmList',
        tenant,
        hexacode: RAW.hexacode,
        department: 1,
        subDepartment: 0,
        codes: ['SENSOR_FAULT'],
        at: 5000,
      },
      {
        type: 'AlarmList',
        tenant,
        hexacode: RAW.hexacode,
        department: 1,
        subDepartment: 0,
        codes: [],
        at: 5000,
      },
    ]);
  });

  it('lets a device publish alarms only on its own topic, never retained', async () => {
    const other = await connectAs(OTHER);
    await reportAlarm(other, OTHER, '1.0', 'HIGH_TEMPERATURE', 'RAISED', 1);
    await eventually(() => alarmEvents(OTHER.hexacode)[0], { what: "the other device's alarm" });
    // Another device's alarms: the broker closes the connection, the gateway never hears it.
    other.publish(topics.alarms(tenant, RAW.hexacode), JSON.stringify(alarm('1.0', 'FROST', 'RAISED', 2)));
    await eventually(() => !other.connected, { what: 'the broker closing the impostor' });
    // A retained alarm would be raised again on every server start: refused too.
    const again = await connectAs(OTHER);
    again.publish(
      topics.alarms(tenant, OTHER.hexacode),
      JSON.stringify(alarm('1.0', 'LOW_TEMPERATURE', 'RAISED', 3)),
      { qos: 1, retain: true },
    );
    await eventually(() => !again.connected, { what: 'the broker closing the retained impostor' });
    // The gateway hears the broker in order: a refused message would have come before a later, rightful one.
    const rightful = await connectAs(OTHER);
    await reportAlarm(rightful, OTHER, '1.0', 'HIGH_TEMPERATURE', 'CLEARED', 4);
    await eventually(() => alarmEvents(OTHER.hexacode)[1], { what: "the other device's clearing" });
    expect(alarmEvents(RAW.hexacode)).toEqual([]);
    expect(alarmEvents(OTHER.hexacode).map((e) => [e.code, e.raised])).toEqual([
      ['HIGH_TEMPERATURE', true],
      ['HIGH_TEMPERATURE', false],
    ]);
  });

  it('counts and drops invalid alarm messages', async () => {
    const client = await connectAs(OTHER);
    const before = gateway.metrics();
    const to = topics.alarms(tenant, OTHER.hexacode);
    await publish(client, to, alarm('1.0', 'high_temperature', 'RAISED', 1));
    await publish(client, to, { ...alarm('1.0', 'HIGH_TEMPERATURE', 'RAISED', 1), state: 'ON' });
    await publish(client, to, { ...alarm('1', 'HIGH_TEMPERATURE', 'RAISED', 1) });
    await publish(client, to, { v: 1, type: 'alarm', department: '1.0', code: 'X', state: 'RAISED' });
    await publish(client, to, alarm('1.0', 'A'.repeat(65), 'RAISED', 1));
    await publish(client, to, { v: 1, type: 'values', ts: 1, values: {} });
    await publish(client, topics.values(tenant, OTHER.hexacode, 1, 0), alarm('1.0', 'FROST', 'RAISED', 1));
    const { after: m, rejected: delta } = await metricsAfter(gateway, before, 7);
    expect(delta('invalid_shape')).toBe(5);
    expect(delta('type_topic_mismatch')).toBe(2);
    expect(m.accepted).toBe(before.accepted);
    expect(alarmEvents(OTHER.hexacode)).toEqual([]);
  });

  it('drops a retained alarm an external broker lets through', () => {
    const handled: string[] = [];
    const intake = new MessageIntake(
      topics,
      {
        status: () => {},
        values: () => {},
        departmentStatus: () => {},
        reply: () => {},
        alarm: (_at, m) => handled.push(m.code),
        forgetDevice: () => {},
        forgetDepartment: () => {},
      },
      silentLogger,
      () => Date.now(),
    );
    const payload = Buffer.from(JSON.stringify(alarm('1.0', 'FROST', 'RAISED', 1)));
    intake.onMessage(topics.alarms(tenant, RAW.hexacode), payload, true);
    intake.onMessage(topics.alarms(tenant, RAW.hexacode), payload, false);
    expect(handled).toEqual(['FROST']);
    expect(intake.metrics().rejected).toEqual({ retained_alarm: 1 });
  });

  it('raises DEVICE_LOST when a device stays offline, shows it OFF_ALARM, and clears it when it is back', async () => {
    const client = await connectAs(RAW, true);
    await online(client, RAW);
    await eventually(() => gateway.isOnline(tenant, RAW.hexacode), { what: 'the device online' });
    const lost = () => alarmEvents(RAW.hexacode, DEVICE_LOST_CODE);

    // A short loss is not a lost device.
    client.stream.destroy();
    await eventually(() => !gateway.isOnline(tenant, RAW.hexacode), { what: 'the device offline' });
    clock.advance(DEVICE_LOST_AFTER_MS / 2);
    const back = await connectAs(RAW, true);
    await online(back, RAW);
    await eventually(() => gateway.isOnline(tenant, RAW.hexacode), { what: 'the device online again' });
    clock.advance(DEVICE_LOST_AFTER_MS);
    expect(lost()).toEqual([]);

    // Its last will, then a minute of silence.
    back.stream.destroy();
    await eventually(() => gateway.deviceStatus(tenant, RAW.hexacode) === 'OFF', { what: 'the device OFF' });
    const wentOffline = clock.now();
    clock.advance(DEVICE_LOST_AFTER_MS - 1);
    expect(lost()).toEqual([]);
    expect(gateway.isLost(tenant, RAW.hexacode)).toBe(false);
    clock.advance(1);
    expect(lost()).toEqual([
      {
        type: 'AlarmChanged',
        tenant,
        hexacode: RAW.hexacode,
        department: 0,
        subDepartment: 0,
        code: DEVICE_LOST_CODE,
        raised: true,
        at: wentOffline,
      },
    ]);
    expect(gateway.isLost(tenant, RAW.hexacode)).toBe(true);
    expect(gateway.deviceStatus(tenant, RAW.hexacode)).toBe('OFF_ALARM');
    expect(events).toContainEqual({
      type: 'DeviceStatus',
      tenant,
      hexacode: RAW.hexacode,
      status: 'OFF_ALARM',
    });
    clock.advance(DEVICE_LOST_AFTER_MS * 5);
    expect(lost()).toHaveLength(1); // raised once

    // Found again.
    clock.advance(1000);
    const found = await connectAs(RAW, true);
    await online(found, RAW);
    await eventually(() => lost().length === 2, { what: 'two DEVICE_LOST events' });
    expect(lost()[1]).toMatchObject({ raised: false, department: 0, subDepartment: 0, at: clock.now() });
    expect(gateway.isLost(tenant, RAW.hexacode)).toBe(false);
    expect(gateway.deviceStatus(tenant, RAW.hexacode)).toBe('ON');
  });

  it('a simulated device publishes its alarms as they come and go', async () => {
    expect(sim.trigger('1.0', 'sensorFault', 300)).toBe(true);
    await sim.tick(2);
    const raised = await eventually(() => alarmEvents(SIM.hexacode, 'SENSOR_FAULT')[0], {
      what: 'the raised SENSOR_FAULT event',
    });
    expect(raised).toMatchObject({ department: 1, subDepartment: 0, raised: true, at: FIXED_NOW.getTime() });
    await eventually(() => gateway.departmentStatus(SIM_FIRST) === 'ON_ALARM', {
      what: 'department 1.0 ON_ALARM',
    });
    await sim.tick(400);
    await eventually(() => alarmEvents(SIM.hexacode, 'SENSOR_FAULT')[1], {
      what: 'the cleared SENSOR_FAULT event',
    });
    expect(alarmEvents(SIM.hexacode, 'SENSOR_FAULT').map((e) => e.raised)).toEqual([true, false]);
    await eventually(() => gateway.departmentStatus(SIM_FIRST) === 'ON', {
      what: 'department 1.0 ON again',
    });
    // With each change, the department's current list.
    expect(events.filter((e) => e.type === 'AlarmList' && e.hexacode === SIM.hexacode)).toContainEqual(
      expect.objectContaining({ department: 1, subDepartment: 0, codes: ['SENSOR_FAULT'] }),
    );
  });

  it('a forced alarm stays until forced clear', async () => {
    expect(await sim.forceAlarm('1.1', 'HIGH_TEMPERATURE', true)).toBe('OK');
    await eventually(() => alarmEvents(SIM.hexacode, 'HIGH_TEMPERATURE')[0], {
      what: 'the forced HIGH_TEMPERATURE event',
    });
    expect(gateway.departmentStatus(SIM_SECOND)).toBe('ON_ALARM');
    await sim.tick(3600);
    expect(sim.activeAlarms(1, 1)).toEqual(['HIGH_TEMPERATURE']);
    expect(await sim.forceAlarm('1.1', 'HIGH_TEMPERATURE', false)).toBe('OK');
    await eventually(() => alarmEvents(SIM.hexacode, 'HIGH_TEMPERATURE')[1], {
      what: 'the cleared HIGH_TEMPERATURE event',
    });
    expect(alarmEvents(SIM.hexacode, 'HIGH_TEMPERATURE').map((e) => e.raised)).toEqual([true, false]);
    await eventually(() => gateway.deviceStatus(tenant, SIM.hexacode) === 'ON', {
      what: 'the device ON again',
    });
    expect(await sim.forceAlarm('7.0', 'HIGH_TEMPERATURE', true)).toBe('DEPARTMENT_NOT_PRESENT');
  });
});
