import { randomUUID } from 'node:crypto';
import mqtt from 'mqtt';
import type { RunningServer } from '../e2e/support/server';
import { PROTOCOL_VERSION, Topics } from '../../server/src/gateway/protocol';
import { insertBuffer, seriesOf } from '../../server/src/modules/history/testing';
import type { Database } from '../../server/src/db/client';
import type { Cluster } from './cluster';

/**
 * What an operator looks at during a fault, for the deploy tests: a short buffer's recorded windows, the alarm
 * history, each instance's /healthz, and a device of the test's own on the broker.
 */

/** The recorded line: air temperature (line 1.1) of a demo CC-410 case, which the fleet publishes every 2 s. */
export const RECORDED = '1A0102';
/** The fleet's period: one reading per window, so a sample lost is a window lost (the strictest case). */
export const WINDOW_MS = 2000;
/** PC 1 is the demo seed's own 5-minute buffer of that line. */
const PC_NUMBER = 2;

/** Creates the recorded buffer; its windows start at `startAt` and every WINDOW_MS after. */
export const recordBuffer = (db: Database, startAt = new Date(0)) =>
  insertBuffer(db, { hexacode: RECORDED, pcNumber: PC_NUMBER, intervalSeconds: WINDOW_MS / 1000, startAt });

/**
 * The buffer's samples from `fromMs` to `toMs` through the history API, in buckets as wide as its windows (aligned
 * to UTC, so each holds one window's sample): each bucket's start and value (null: a gap).
 */
export async function recordedWindows(cluster: Cluster, token: string, fromMs: number, toMs: number) {
  const from = Math.floor(fromMs / WINDOW_MS) * WINDOW_MS;
  const { status, body } = await cluster.call('/api/v2/history/query', token, {
    method: 'POST',
    body: JSON.stringify({
      series: [seriesOf(RECORDED, { pcNumber: PC_NUMBER })],
      from: new Date(from).toISOString(),
      to: new Date(Math.max(toMs, from + WINDOW_MS)).toISOString(),
    }),
  });
  if (status !== 200) throw new Error(`history query: ${status} ${JSON.stringify(body)}`);
  const points = body.series[0].points as { t: number[]; avg: (number | null)[] };
  return points.t.map((at, i) => ({ at, value: points.avg[i] ?? null }));
}

/** The alarm history of one device, as the alarms page lists it. */
export async function alarmHistory(cluster: Cluster, token: string, hexacode: string) {
  const { status, body } = await cluster.call(
    `/api/v2/alarms/history?hexacode=${hexacode}&pageLength=100`,
    token,
  );
  if (status !== 200) throw new Error(`alarm history: ${status} ${JSON.stringify(body)}`);
  return body.data as { code: string; occuredAt: string }[];
}

/** "connected" or "disconnected": the instance's broker connection as /healthz reports it. */
export async function gatewayOf(cluster: Cluster, instance: RunningServer): Promise<string> {
  const { body } = await cluster.call('/healthz', undefined, {}, `http://127.0.0.1:${instance.port}`);
  return body.gateway as string;
}

/** A demo device speaking the protocol from the test (the fleet runs in its own process and takes no orders). */
export async function connectDevice(cluster: Cluster, hexacode: string) {
  const client = await mqtt.connectAsync(cluster.broker, {
    clientId: `test-${randomUUID()}`,
    protocolVersion: 4,
  });
  const topic = new Topics(cluster.prefix).alarms('demo', hexacode);
  return {
    raise: (department: string, code: string, ts: number) =>
      client.publishAsync(
        topic,
        JSON.stringify({ v: PROTOCOL_VERSION, type: 'alarm', department, code, state: 'RAISED', ts }),
        { qos: 1 },
      ),
    end: () => client.endAsync(),
  };
}
