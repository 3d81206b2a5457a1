import { request, type ClientRequest } from 'node:http';
import { ALARM_STREAM_PATH } from '#contracts';
import type { AlarmPublish } from './alarmFleet';
import { now } from './stats';

/** What a stream client keeps of each `alarm-entry` event: the entry's hexacode, its size, when it arrived. */
export type EntryReceipt = [string, number, number];

/**
 * One browser-like client of GET /api/v2/alarms/stream (Server-Sent Events) on its own TCP connection. It keeps
 * the hexacode and size of each entry with the time it arrived; the rest of the entry is not looked at.
 */
export class AlarmStreamClient {
  readonly receipts: EntryReceipt[] = [];
  private req: ClientRequest | undefined;
  private pending = '';

  /** Resolves once the server answered 200 and the stream is open. */
  open(port: number, token: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.req = request(
        {
          host: '127.0.0.1',
          port,
          path: ALARM_STREAM_PATH,
          agent: false,
          headers: {
            host: `localhost:${port}`,
            accept: 'text/event-stream',
            authorization: `Bearer ${token}`,
          },
        },
        (res) => {
          if (res.statusCode !== 200) {
            reject(new Error(`alarm stream: ${res.statusCode}`));
            res.resume();
            return;
          }
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => this.read(chunk));
          resolve();
        },
      );
      this.req.on('error', reject);
      this.req.end();
    });
  }

  private read(chunk: string): void {
    const at = now();
    this.pending += chunk;
    let end: number;
    while ((end = this.pending.indexOf('\n\n')) >= 0) {
      const event = this.pending.slice(0, end);
      this.pending = this.pending.slice(end + 2);
      const data = /^data: (.*)$/m.exec(event);
      if (!data || !event.includes('event: alarm-entry')) continue;
      const entry = JSON.parse(data[1]!) as { hexacode: string; size: number };
      this.receipts.push([entry.hexacode, entry.size, at]);
    }
  }

  close(): void {
    this.req?.destroy();
  }
}

/**
 * Each alarm's delivery latency to one client: the first event of its device, at or after its publish, that shows
 * the device's new number of active alarms. A device's alarms are far enough apart (see runAlarmCycles) that the
 * next one cannot be mistaken for it.
 */
export function deliveryLatencies(published: AlarmPublish[], receipts: EntryReceipt[]): number[] {
  const byDevice = new Map<string, EntryReceipt[]>();
  for (const receipt of receipts) {
    let list = byDevice.get(receipt[0]);
    if (!list) byDevice.set(receipt[0], (list = []));
    list.push(receipt);
  }
  const next = new Map<string, number>();
  const latencies: number[] = [];
  for (const alarm of published) {
    const list = byDevice.get(alarm.hexacode) ?? [];
    for (let i = next.get(alarm.hexacode) ?? 0; i < list.length; i++) {
      const [, size, at] = list[i]!;
      if (at >= alarm.at && size === alarm.deviceActive) {
        latencies.push(at - alarm.at);
        next.set(alarm.hexacode, i + 1);
        break;
      }
    }
  }
  return latencies;
}
