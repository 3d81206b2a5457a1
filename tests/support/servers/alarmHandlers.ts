import * as v from 'valibot';
import { http, HttpResponse } from 'msw';
import {
  ALARM_STREAM_EVENT,
  AlarmAcknowledge,
  AlarmEntries,
  AlarmEntry,
  AlarmHistoryPage,
  AlarmHistoryQuery,
  ErrorBody,
  TestNotificationResult,
  type AlarmHistoryRow,
} from '#contracts';

/** An alarm entry of the contract: `codes` active on department 1.0 of `hexacode`. */
export function alarmEntry(
  hexacode: string,
  name: string,
  codes: string[],
  acknowledgedBy?: string,
): AlarmEntry {
  return v.parse(AlarmEntry, {
    type: 'DeviceAlarmEntry',
    hexacode,
    name,
    size: codes.length,
    empty: codes.length === 0,
    alarms: codes.map((code, index) => ({
      id: `${hexacode}-${code}`,
      hexacode,
      deviceName: name,
      code,
      translation: code,
      department: 1,
      subDepartment: 0,
      departmentName: 'Freezer room',
      page: 2,
      raisedAt: `2026-03-30T10:0${index}:00.000Z`,
      state: acknowledgedBy ? 'ACTIVE_ACKNOWLEDGED' : 'ACTIVE_UNACKNOWLEDGED',
      acknowledgedBy: acknowledgedBy ?? null,
      acknowledgedAt: acknowledgedBy ? '2026-03-30T10:30:00.000Z' : null,
      comment: null,
    })),
  });
}

export const historyRow = (index: number): AlarmHistoryRow => ({
  id: `h-${index}`,
  businessGroupName: null,
  deviceName: `Device ${index}`,
  hexacode: '0A0B0C',
  departmentName: 'Freezer room',
  department: 1,
  subDepartment: 0,
  code: 'HIGH_TEMPERATURE',
  translation: 'High temperature',
  occuredAt: new Date(Date.UTC(2026, 2, 30, 10, 0) - index * 60_000).toISOString(),
  clearedAt: null,
  acknowledgedBy: null,
  acknowledgedAt: null,
  comment: null,
  notifications: [],
  shelvings: [],
});

/** The server's VAPID public key: 65 bytes, an uncompressed P-256 point, in base64url. */
export const PUSH_SERVER_KEY = `B${'K'.repeat(86)}`;

/** GET /api/v2/key: the key a browser subscribes to push messages with. */
export const pushKeyHandler = () =>
  http.get('*/api/v2/key', () => HttpResponse.json({ publicKey: PUSH_SERVER_KEY }));

const error = (statusCode: number, message: string) =>
  HttpResponse.json(v.parse(ErrorBody, { statusCode, code: 'BAD_REQUEST', error: 'Bad Request', message }), {
    status: statusCode,
  });

/**
 * msw handlers of the alarms API made from the contracts, with a live SSE stream the test pushes entries
 * into. `rows` is the whole history the server pages, sorts only by the query it was given (recorded).
 */
export function alarmServer(entries: AlarmEntry[] = [], rows: AlarmHistoryRow[] = []) {
  const encoder = new TextEncoder();
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const historyQueries: AlarmHistoryQuery[] = [];
  const acknowledged: { id: string; comment: string }[] = [];
  const lastEventIds: (string | null)[] = [];
  let historyRefusal: string | null = null;
  let nextId = 1;
  const handlers = [
    http.get('*/api/v2/alarms/', () => HttpResponse.json(v.parse(AlarmEntries, entries))),
    // Nothing shelved: the menu reads the list each time it opens.
    http.get('*/api/v2/alarms/shelved', () => HttpResponse.json([])),
    http.get('*/api/v2/alarms/stream', ({ request }) => {
      lastEventIds.push(request.headers.get('Last-Event-ID'));
      let own: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => {
          own = controller;
          streams.add(controller);
        },
        cancel: () => void streams.delete(own),
      });
      return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }),
    http.get('*/api/v2/alarms/history', ({ request }) => {
      const query = v.safeParse(AlarmHistoryQuery, Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return error(400, query.issues[0].message);
      historyQueries.push(query.output);
      if (historyRefusal) return error(400, historyRefusal);
      const { page, pageLength } = query.output;
      const data = rows.slice(page * pageLength, (page + 1) * pageLength);
      return HttpResponse.json(v.parse(AlarmHistoryPage, { data, recordsFiltered: rows.length }));
    }),
    http.post('*/api/v2/alarms/:id/acknowledge', async ({ params, request }) => {
      const body = v.parse(AlarmAcknowledge, await request.json());
      acknowledged.push({ id: String(params.id), comment: body.comment });
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v2/test-notification', () =>
      HttpResponse.json(v.parse(TestNotificationResult, { delivered: 1, failed: 0, removed: 0 })),
    ),
  ];
  return {
    handlers,
    historyQueries,
    acknowledged,
    /** The Last-Event-ID header of each stream connection (null on the first). */
    lastEventIds,
    /** Sends an entry on every open stream, as the server's `alarm-entry` event. */
    push(entry: AlarmEntry) {
      const text = `id: ${nextId++}\nevent: ${ALARM_STREAM_EVENT}\ndata: ${JSON.stringify(entry)}\n\n`;
      for (const stream of streams) stream.enqueue(encoder.encode(text));
    },
    /** Ends every open stream (the server went away). */
    drop() {
      for (const stream of streams) stream.close();
      streams.clear();
    },
    refuseHistory(reason: string | null) {
      historyRefusal = reason;
    },
  };
}
