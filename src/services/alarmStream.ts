import * as v from 'valibot';
import { ALARM_STREAM_EVENT, ALARM_STREAM_PATH, AlarmEntry } from '#contracts';

/** What one connection of the alarm stream reports; `dropped` and `refused` end it (the caller reconnects). */
export interface AlarmStreamListener {
  opened(): void;
  received(entry: AlarmEntry, eventId: string | null): void;
  dropped(error?: unknown): void;
  /** The server answered 429: this sign-in holds as many alarm streams as it may (other tabs). */
  refused(): void;
}

/** Opens one connection, resuming after `lastEventId`; returns its close. */
export type AlarmStreamFactory = (lastEventId: string | null, listener: AlarmStreamListener) => () => void;

export interface AlarmStreamOptions {
  origin: string;
  getToken: () => string | null;
  fetch?: typeof fetch;
}

/**
 * The alarm stream (Server-Sent Events) read with fetch, since EventSource cannot send the Authorization
 * header. Events of another type and entries the contract refuses are skipped; any end of the body is a drop.
 */
export function createAlarmStream({
  origin,
  getToken,
  fetch: doFetch = fetch,
}: AlarmStreamOptions): AlarmStreamFactory {
  return (lastEventId, listener) => {
    const abort = new AbortController();
    let closed = false;
    const drop = (error?: unknown) => {
      if (!closed) listener.dropped(error);
      closed = true;
    };
    void (async () => {
      const headers = new Headers({ Accept: 'text/event-stream' });
      const token = getToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      if (lastEventId) headers.set('Last-Event-ID', lastEventId);
      const response = await doFetch(new URL(ALARM_STREAM_PATH, origin).href, {
        headers,
        signal: abort.signal,
      });
      if (response.status === 429) {
        if (!closed) listener.refused();
        closed = true;
        return;
      }
      if (!response.ok || !response.body) throw new Error(`Alarm stream answered ${response.status}`);
      // The parser is loaded with the first stream, which only a signed-in page opens: not with the login page.
      const { createParser } = await import('eventsource-parser');
      const parser = createParser({
        onEvent: (message) => {
          if (closed || (message.event ?? 'message') !== ALARM_STREAM_EVENT) return;
          let json: unknown;
          try {
            json = JSON.parse(message.data);
          } catch {
            return;
          }
          const entry = v.safeParse(AlarmEntry, json);
          if (entry.success) listener.received(entry.output, message.id ?? null);
        },
      });
      listener.opened();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
      drop();
    })().catch(drop);
    return () => {
      closed = true;
      abort.abort();
    };
  };
}
