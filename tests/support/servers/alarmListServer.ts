import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import type { AlarmSettings } from '../../../src/machines/alarms/alarmList.events';
import {
  ALARM_CHANGE_ID_HEADER,
  ALARM_STREAM_EVENT,
  AccountSettings,
  AlarmEntries,
  DEFAULT_ACCOUNT_SETTINGS,
  TOO_MANY_STREAMS,
  type AlarmEntry,
} from '#contracts';
import { heldAnswers } from './heldRequests';

interface StreamConnection {
  /** The Last-Event-ID the app resumed after (null: none). */
  lastEventId: string | null;
  state: 'waiting' | 'open' | 'closed';
  respond: (response: Response) => void;
  controller: ReadableStreamDefaultController<Uint8Array> | null;
}

/**
 * The alarm SSE stream as a server the path drives: each connection waits until the path opens it (an
 * event-stream answer) or refuses it, then carries the entries the path sends until the path drops it.
 */
export function heldAlarmStream() {
  const encoder = new TextEncoder();
  const connections: StreamConnection[] = [];
  const current = (state: StreamConnection['state']) => {
    const connection = connections.at(-1);
    if (connection?.state !== state) throw new Error(`No ${state} stream connection`);
    return connection;
  };
  const handler = http.get(
    '*/api/v2/alarms/stream',
    ({ request }) =>
      new Promise<Response>((respond) => {
        const lastEventId = request.headers.get('Last-Event-ID');
        connections.push({ lastEventId, state: 'waiting', respond, controller: null });
      }),
  );
  return {
    handler,
    connections,
    /** The stream the app waits for or reads, if any. */
    live: () => connections.filter((connection) => connection.state !== 'closed').length,
    open() {
      const connection = current('waiting');
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => void (connection.controller = controller),
        cancel: () => void (connection.state = 'closed'),
      });
      connection.state = 'open';
      connection.respond(new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } }));
    },
    /** The server's `alarm-entry` event, with `id` as its event id (none when null). */
    send(entry: AlarmEntry, id: string | null) {
      const idLine = id === null ? '' : `id: ${id}\n`;
      const text = `${idLine}event: ${ALARM_STREAM_EVENT}\ndata: ${JSON.stringify(entry)}\n\n`;
      current('open').controller!.enqueue(encoder.encode(text));
    },
    /** The server refuses the waiting connection: the session holds as many streams as it may (429). */
    refuse() {
      const connection = current('waiting');
      const body = {
        statusCode: 429,
        code: TOO_MANY_STREAMS,
        error: 'Too Many Requests',
        message: 'Too many',
      };
      connection.respond(HttpResponse.json(body, { status: 429 }));
      connection.state = 'closed';
    },
    /** The connection ends: the open stream is closed, or the waiting one is refused. */
    drop() {
      const connection = connections.at(-1)!;
      if (connection.state === 'open') connection.controller!.close();
      else current('waiting').respond(new HttpResponse(null, { status: 503 }));
      connection.state = 'closed';
    },
    release() {
      for (const connection of connections) {
        if (connection.state === 'waiting') connection.respond(new HttpResponse(null, { status: 503 }));
        if (connection.state === 'open') connection.controller!.error(new Error('the test ended'));
        connection.state = 'closed';
      }
    },
  };
}

/** GET /api/v2/alarms/ held until the path answers; the answer names the change it includes (or none). */
export function heldAlarmList() {
  const loads = heldAnswers('get', '*/api/v2/alarms/', () => null);
  return {
    ...loads,
    answerWith: (entries: AlarmEntry[], changeId: string | null) =>
      loads.answer(() =>
        HttpResponse.json(v.parse(AlarmEntries, entries), {
          headers: changeId === null ? {} : { [ALARM_CHANGE_ID_HEADER]: changeId },
        }),
      ),
  };
}

/** The account settings: read once at sign-in, and the alarm switches saved; both held until answered. */
export function heldAccountSettings() {
  const reads = heldAnswers('get', '*/api/v2/account/settings', () => null);
  const saves = heldAnswers('post', '*/api/v2/account/settings', async (request) => {
    const { alarmSound, alarmBrowserNotifications } = (await request.json()) as AlarmSettings;
    return { alarmSound, alarmBrowserNotifications };
  });
  const settingsBody = (settings: Partial<AccountSettings>) =>
    HttpResponse.json(v.parse(AccountSettings, { ...DEFAULT_ACCOUNT_SETTINGS, ...settings }));
  return {
    reads,
    saves,
    handlers: [reads.handler, saves.handler],
    answerRead: (settings: Partial<AccountSettings>) => reads.answer(() => settingsBody(settings)),
    answerSave: (saved: AlarmSettings) => saves.answer(() => settingsBody(saved)),
  };
}
