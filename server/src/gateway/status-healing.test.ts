import type { AuthorizeForwardHandler, Client } from 'aedes';
import type { MqttClient } from 'mqtt';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/wait';
import {
  STALENESS_SWEEP_MS,
  STATUS_REREAD_ANSWER_MS,
  STATUS_REREAD_EVERY_MS,
  STATUS_REREAD_TICK_MS,
} from './protocol';
import { type GatewayBench, type ManualClock, manualClock, startGatewayBench, testDevice } from './testing';

/**
 * Statuses the server missed heal within the documented bounds (docs/device-protocol.md, "Statuses the server
 * missed"), over real MQTT/TCP against the embedded broker whose forwarding to the server drops what the test says,
 * as a broker past its queue limit does. Time on the server runs on a manual clock (CC-410: stale after 10 s).
 */
const PERIOD_MS = 10_000;
/** A silent device's missed offline status: its stale period, a sweep, and the re-read's answer time. */
const SILENT_BOUND_MS = PERIOD_MS + STALENESS_SWEEP_MS + STATUS_REREAD_ANSWER_MS;

describe('statuses heal', () => {
  const WILL = testDevice('0E0E01');
  const ALARM = testDevice('0E0E02');
  const RESTART = testDevice('0E0E03');
  const GONE = testDevice('0E0E04');
  const ONLINE = testDevice('0E0E05');
  const devices = [WILL, ALARM, RESTART, GONE, ONLINE];
  let clock: ManualClock;
  let bench: GatewayBench;
  /** Topics whose messages the broker does not forward to the server while set. */
  let dropping: (topic: string) => boolean = () => false;

  /** Messages the broker forwarded to the server (counted from the server's own count when a broker starts). */
  let forwardedToServer = 0;
  /** Subscriptions of the server whose retained copies the broker is still sending. */
  let retainedSending = 0;
  const dropToServer = () => {
    forwardedToServer = bench.gateway.metrics().received;
    const forward: AuthorizeForwardHandler = (client, packet) => {
      if (!client.id.startsWith('coldwatch-server')) return packet;
      if (dropping(packet.topic)) return null;
      forwardedToServer += 1;
      return packet;
    };
    bench.broker.aedes.authorizeForward = forward;
    // Aedes sends a subscription's retained copies after its SUBACK, piping a stream of them into a writer that
    // delivers each: they are all forwarded once that writer has finished.
    const { persistence } = bench.broker.aedes as unknown as {
      persistence: { createRetainedStreamCombi(patterns: string[]): Readable };
    };
    const retainedStream = persistence.createRetainedStreamCombi.bind(persistence);
    persistence.createRetainedStreamCombi = (patterns) => {
      const stream = retainedStream(patterns);
      const pipe = stream.pipe.bind(stream);
      stream.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }) => {
        retainedSending += 1;
        destination.once('finish', () => (retainedSending -= 1));
        return pipe(destination, options);
      };
      return stream;
    };
  };
  /**
   * Lets time pass on the server's clock in steps of a sweep. The re-reads a step starts are real MQTT round trips:
   * the next step waits until the broker has answered them (the CI at 501787f: on a loaded machine the server's
   * clock passed a re-read's answer time before the server had even asked), has sent their retained copies, and
   * the server has taken every message the broker forwarded to it.
   */
  const pass = async (ms: number) => {
    for (let left = ms; left > 0; left -= STALENESS_SWEEP_MS) {
      clock.advance(Math.min(STALENESS_SWEEP_MS, left));
      await bench.serverRequestsAnswered();
      await eventually(() => retainedSending === 0 && bench.gateway.metrics().received >= forwardedToServer, {
        what: 'the server to take every message the broker forwarded to it',
      });
    }
  };
  const values = (client: MqttClient, hexacode: string, department = 1) =>
    bench.publish(
      client,
      bench.topics.values('demo', hexacode, department, 0),
      { v: 1, type: 'values', ts: clock.now(), values: { '1.1': 31 } },
      true,
    );
  const departmentStatus = (client: MqttClient, hexacode: string, alarms: string[]) =>
    bench.publish(
      client,
      bench.topics.departmentStatus('demo', hexacode, 1, 0),
      { v: 1, type: 'departmentStatus', status: alarms.length ? 'ON_ALARM' : 'ON', alarms, ts: clock.now() },
      true,
    );
  const online = (hexacode: string) => bench.gateway.isOnline('demo', hexacode);
  const status = (hexacode: string) =>
    bench.gateway.departmentStatus({ tenant: 'demo', hexacode, department: 1, subDepartment: 0 });

  beforeAll(async () => {
    clock = manualClock(Date.parse('2026-11-27T12:00:00Z'));
    bench = await startGatewayBench(devices, { clock });
    dropToServer();
  });
  afterAll(() => bench?.stop());

  it('reads a silent device again and takes it offline when its last will was dropped', async () => {
    const client = await bench.connectAs(WILL, true);
    await bench.online(client, WILL, ['1.0']);
    await values(client, WILL.hexacode);
    dropping = (topic) => topic === bench.topics.status('demo', WILL.hexacode);
    client.stream.destroy(); // a power cut: the broker publishes the will, which the server never hears
    await eventually(() => bench.broker.aedes.connectedClients === 1, { what: 'the device gone' });
    dropping = () => false;
    expect(online(WILL.hexacode), 'the server missed it').toBe(true);

    await pass(SILENT_BOUND_MS - STALENESS_SWEEP_MS);
    await eventually(() => !online(WILL.hexacode), { what: 'offline from the retained will' });
  });

  it('reads every device again in turn, so a dropped department status is corrected while values flow', async () => {
    const client = await bench.connectAs(ALARM, true);
    await bench.online(client, ALARM, ['1.0']);
    await values(client, ALARM.hexacode);
    dropping = (topic) => topic === bench.topics.departmentStatus('demo', ALARM.hexacode, 1, 0);
    await departmentStatus(client, ALARM.hexacode, ['HIGH_TEMPERATURE']);
    dropping = () => false;
    expect(status(ALARM.hexacode), 'the server missed it').toBe('ON');

    for (let passed = 0; passed <= STATUS_REREAD_EVERY_MS && status(ALARM.hexacode) === 'ON';) {
      await values(client, ALARM.hexacode); // never silent: only the round of re-reads finds it
      await pass(STATUS_REREAD_TICK_MS);
      passed += STATUS_REREAD_TICK_MS;
    }
    await eventually(() => status(ALARM.hexacode) === 'ON_ALARM', { what: 'alarm status within one round' });
    expect(online(ALARM.hexacode)).toBe(true);
  });

  it('never lets a re-read copy older than an alarm heard since clear that alarm', async () => {
    const client = await bench.connectAs(ALARM, true);
    await bench.online(client, ALARM, ['1.0']);
    await departmentStatus(client, ALARM.hexacode, []);
    await eventually(() => status(ALARM.hexacode) === 'ON', { what: 'no alarm' });
    await pass(STALENESS_SWEEP_MS);
    // The alarm is raised; the department's new list is not published yet, so the broker still keeps [].
    const raised = {
      v: 1,
      type: 'alarm',
      department: '1.0',
      code: 'DOOR_OPEN',
      state: 'RAISED',
      ts: clock.now(),
    };
    await bench.publish(client, bench.topics.alarms('demo', ALARM.hexacode), raised);
    await eventually(() => status(ALARM.hexacode) === 'ON_ALARM', { what: 'the alarm heard' });
    const filter = `${bench.topics.device('demo', ALARM.hexacode)}/departments/+/status`;
    /** What the server had received when the broker took its re-read subscription. */
    let receivedThen: number | undefined;
    bench.broker.aedes.on('subscribe', (subscriptions) => {
      if (subscriptions.some((sub) => sub.topic === filter))
        receivedThen ??= bench.gateway.metrics().received;
    });
    while (receivedThen === undefined) {
      await values(client, ALARM.hexacode);
      await pass(STATUS_REREAD_TICK_MS);
    }
    // The retained status and department status follow the subscription.
    const copies = receivedThen + 2;
    await eventually(() => bench.gateway.metrics().received >= copies, {
      what: 'the retained copies delivered',
    });
    expect(status(ALARM.hexacode), 'the older list changed nothing').toBe('ON_ALARM');
    await departmentStatus(client, ALARM.hexacode, []);
  });

  it('reads a device again when it reports while the server has it offline (its online status dropped)', async () => {
    const status = bench.topics.status('demo', ONLINE.hexacode);
    const before = await bench.connectAs(ONLINE, true);
    await bench.online(before, ONLINE, ['1.0']);
    await bench.publish(before, status, { v: 1, type: 'status', online: false }, true);
    await eventually(() => !online(ONLINE.hexacode), { what: 'heard offline' });
    await before.endAsync();
    // Back on line: the server misses its announcement.
    const client = await bench.connectAs(ONLINE, true);
    dropping = (topic) => topic === status;
    await bench.publish(client, status, { v: 1, type: 'status', online: true }, true);
    dropping = () => false;
    await values(client, ONLINE.hexacode);
    await eventually(() => online(ONLINE.hexacode), {
      what: 'online from the retained status, on its first values',
    });
  });

  it('after a broker restart that lost every retained message, the devices that came back are online and the one that did not is offline', async () => {
    const back = await bench.connectAs(RESTART, true);
    await bench.online(back, RESTART, ['1.0']);
    const gone = await bench.connectAs(GONE, true);
    await bench.online(gone, GONE, ['1.0']);
    await values(gone, GONE.hexacode);
    await bench.restartBroker();
    dropToServer();
    // The new broker answers the server's subscriptions slowly, as a loaded one does: each re-read's round trip
    // takes real time while the server's clock stands still.
    bench.broker.aedes.authorizeSubscribe = (client, subscription, done) => {
      if (client?.id.startsWith('coldwatch-server')) setTimeout(() => done(null, subscription), 300);
      else done(null, subscription);
    };
    await eventually(() => bench.gateway.connected, { what: 'the server reconnected' });
    // The device that comes back announces itself again, as the protocol asks; the other never does.
    const again = await bench.connectAs(RESTART, true);
    await bench.publish(
      again,
      bench.topics.status('demo', RESTART.hexacode),
      { v: 1, type: 'status', online: true },
      true,
    );
    await departmentStatus(again, RESTART.hexacode, ['DOOR_OPEN']);
    await eventually(() => status(RESTART.hexacode) === 'ON_ALARM', { what: 'the returning device heard' });
    expect(online(GONE.hexacode), 'not heard of since').toBe(true);

    // The bound, and the round trips of the re-read, which take real time.
    for (let passed = 0; passed <= SILENT_BOUND_MS; passed += STALENESS_SWEEP_MS) {
      await values(again, RESTART.hexacode);
      await pass(STALENESS_SWEEP_MS);
    }
    await eventually(() => !online(GONE.hexacode), { what: 'the device that did not come back offline' });
    expect(online(RESTART.hexacode)).toBe(true);
  });

  it('after the server lost its broker connection, the statuses published meanwhile are read on reconnecting', async () => {
    const client = await bench.connectAs(ALARM, true);
    await bench.online(client, ALARM, ['1.0']);
    // Aedes keeps its connected clients by id (not in its typings).
    const { clients } = bench.broker.aedes as unknown as { clients: Record<string, Client> };
    const server = Object.values(clients).find((c) => c.id.startsWith('coldwatch-server'))!;
    server.close();
    await eventually(() => !bench.gateway.connected, { what: 'the server disconnected' });
    await departmentStatus(client, ALARM.hexacode, []);
    await eventually(() => bench.gateway.connected, { what: 'the server reconnected' });
    await eventually(() => status(ALARM.hexacode) === 'ON', { what: 'the status published meanwhile' });
  });
});
