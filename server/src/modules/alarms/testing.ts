/** Test-only helpers of the alarms module. */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ALARM_STREAM_PATH, type AlarmEntry } from '#contracts';
import type { GatewayEvent } from '../../gateway/events';
import { eventually } from '../../testing/wait';

export const T0 = Date.parse('2026-01-15T03:00:00Z');
/** The warehouse cold room (CC-410), a device of its own; the dairy cases (CC-410) stand in a business group. */
export const STANDALONE = '2D0001';
export const IN_GROUP = '1A0102';

/**
 * The devices of a suite whose tests speak for the devices: broker and gateway with the ADFs, and no simulated
 * fleet. A simulated device would contradict them: its department's alarm list, which the gateway re-reads from
 * the broker at any time, clears every alarm it does not name.
 */
export const SPOKEN_FOR_DEVICES = { simulator: false } as const;

/** What a device says when alarm `code` of its department (1.0 unless told) is raised or cleared. */
export const changed = (
  code: string,
  raised: boolean,
  at: number,
  { hexacode = STANDALONE, department = 1 } = {},
): GatewayEvent => ({
  type: 'AlarmChanged',
  tenant: 'demo',
  hexacode,
  department,
  subDepartment: 0,
  code,
  raised,
  at,
});

/** Makes `app` listen on a free loopback port; answers its base URL, for streams read over real HTTP. */
export async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

interface StreamEvent {
  id: string;
  event: string;
  entry: AlarmEntry;
}

/** An alarm stream read the way the SPA reads it: fetch with the bearer header, events parsed as they come. */
export async function openStream(base: string, token: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}${ALARM_STREAM_PATH}`, {
    headers: {
      accept: 'text/event-stream',
      authorization: `Bearer ${token}`,
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  let text = '';
  let ended = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, cut);
          text = text.slice(cut + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          );
          if (fields.event && fields.id !== undefined && fields.data !== undefined)
            events.push({ id: fields.id, event: fields.event, entry: JSON.parse(fields.data) });
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  return {
    response,
    events,
    ended: () => ended,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

/**
 * An alarm stream of `app` (listening at `base`) once `app` sends it changes: a stream is registered after its
 * headers are sent. For suites that hold one stream at a time.
 */
export async function openRegisteredStream(app: FastifyInstance, base: string, token: string) {
  await eventually(() => app.alarms.streams.size === 0, { what: 'the streams before closed' });
  const stream = await openStream(base, token);
  await eventually(() => app.alarms.streams.size === 1, { what: 'the stream registered' });
  return stream;
}
