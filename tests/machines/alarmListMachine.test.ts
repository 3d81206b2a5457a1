import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { provideAlarms } from '../../src/machines/alarms/provideAlarms';
import { selectAlarmCount } from '../../src/machines/alarms/alarmList.selectors';
import {
  DEFAULT_ALARM_PREFERENCES,
  STREAM_CROWDED_RETRY_MS,
} from '../../src/machines/alarms/alarmListMachine';
import { ALARM_SYSTEM_IDS } from '../../src/machines/alarms/alarmsSystem';
import { createAlarmStream, type AlarmStreamListener } from '../../src/services/alarmStream';
import { alarmEntry } from '../support/servers/alarmHandlers';
import { fakeAlarmServices } from '../support/fakes/fakeAlarmServices';

const freezer = alarmEntry('0A0B0C', 'Freezer 1', ['HIGH_TEMPERATURE']);

function start(preferences = DEFAULT_ALARM_PREFERENCES) {
  const services = fakeAlarmServices({
    listAlarms: vi.fn().mockResolvedValue({ entries: [freezer], changeId: '3' }),
  });
  const listeners: AlarmStreamListener[] = [];
  services.stream.mockImplementation((_lastEventId, listener) => {
    listeners.push(listener);
    return () => {};
  });
  const actor = createActor(provideAlarms(services, vi.fn()), { input: { preferences } }).start();
  return { actor, services, listeners };
}

/** Plays `steps` on fake timers against a machine that streams already (the clock is the system's again after). */
async function streamingOnFakeTimers(steps: (started: ReturnType<typeof start>) => Promise<void>) {
  vi.useFakeTimers();
  try {
    const started = start();
    await vi.waitFor(() => expect(started.actor.getSnapshot().matches({ feed: 'streaming' })).toBe(true));
    await steps(started);
  } finally {
    vi.useRealTimers();
  }
}

describe('alarm list machine', () => {
  it('loads, then counts what the stream replaces and removes', async () => {
    const { actor, listeners } = start();
    await waitFor(actor, (s) => s.matches({ feed: 'streaming' }));
    expect(selectAlarmCount(actor.getSnapshot())).toBe(1);
    listeners[0]!.received(alarmEntry('0A0B0C', 'Freezer 1', ['HIGH_TEMPERATURE', 'DOOR_OPEN']), '1');
    listeners[0]!.received(alarmEntry('0D0E0F', 'Cooler', ['SENSOR_FAULT']), '2');
    expect(selectAlarmCount(actor.getSnapshot())).toBe(3);
    listeners[0]!.received(alarmEntry('0A0B0C', 'Freezer 1', []), '3');
    expect(actor.getSnapshot().context.entries.map((e) => e.hexacode)).toEqual(['0D0E0F']);
  });

  it('opens the stream after the change the list includes, so nothing between them is missed', async () => {
    const { actor, services } = start();
    await waitFor(actor, (s) => s.matches({ feed: 'streaming' }));
    expect(services.stream).toHaveBeenCalledWith('3', expect.anything());
  });

  it('hands a browser already subscribed to push to the user who signed in now', async () => {
    const held = { endpoint: 'https://push.example/held', keys: { p256dh: 'BKey', auth: 'secret' } };
    const services = fakeAlarmServices({}, { pushSubscription: vi.fn().mockResolvedValue(held) });
    const actor = createActor(provideAlarms(services, vi.fn()), { input: {} }).start();
    const push = actor.system.get(ALARM_SYSTEM_IDS.push)!;
    await waitFor(push, (s) => s.matches('subscribed'));
    expect(services.api.subscribePush).toHaveBeenCalledWith(held);
    actor.stop();
  });

  it('beeps and notifies only for new alarms, as switched on', async () => {
    const { actor, services, listeners } = start({
      ...DEFAULT_ALARM_PREFERENCES,
      alarmSound: true,
      alarmBrowserNotifications: true,
    });
    await waitFor(actor, (s) => s.matches({ feed: 'streaming' }));
    listeners[0]!.received(freezer, '1');
    expect(services.browser.beep).not.toHaveBeenCalled();
    listeners[0]!.received(alarmEntry('0A0B0C', 'Freezer 1', ['HIGH_TEMPERATURE', 'DOOR_OPEN']), '2');
    expect(services.browser.beep).toHaveBeenCalledTimes(1);
    expect(services.browser.notify).toHaveBeenCalledWith('Freezer 1', 'DOOR_OPEN');
  });

  it('waits a minute after the server refused the stream as one too many, then resumes', () =>
    streamingOnFakeTimers(async ({ actor, services, listeners }) => {
      listeners[0]!.received(freezer, '42');
      listeners[0]!.refused();
      expect(actor.getSnapshot().matches({ feed: 'crowded' })).toBe(true);
      const calls = services.stream.mock.calls.length;
      await vi.advanceTimersByTimeAsync(STREAM_CROWDED_RETRY_MS - 1);
      expect(services.stream).toHaveBeenCalledTimes(calls);
      await vi.advanceTimersByTimeAsync(1);
      expect(services.stream).toHaveBeenLastCalledWith('42', expect.anything());
    }));

  it('reconnects after a drop, resuming from the last event id', () =>
    streamingOnFakeTimers(async ({ actor, services, listeners }) => {
      listeners[0]!.received(freezer, '41');
      listeners[0]!.dropped();
      expect(actor.getSnapshot().matches({ feed: 'reconnecting' })).toBe(true);
      await vi.advanceTimersByTimeAsync(2000);
      expect(services.stream).toHaveBeenLastCalledWith('41', expect.anything());
    }));
});

describe('alarm stream', () => {
  it('reports a 429 as refused (too many streams for the sign-in), not as a drop', async () => {
    const answer = new Response(JSON.stringify({ code: 'TOO_MANY_STREAMS' }), { status: 429 });
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(answer);
    const listener = { opened: vi.fn(), received: vi.fn(), dropped: vi.fn(), refused: vi.fn() };
    createAlarmStream({ origin: 'http://x', getToken: () => 't1', fetch })(null, listener);
    await vi.waitFor(() => expect(listener.refused).toHaveBeenCalledOnce());
    expect(listener.dropped).not.toHaveBeenCalled();
    expect(listener.opened).not.toHaveBeenCalled();
  });

  it('parses alarm-entry events split across chunks and reports the end as a drop', async () => {
    const text = `: heartbeat\n\nid: 5\nevent: alarm-entry\ndata: ${JSON.stringify(freezer)}\n\nevent: other\ndata: {}\n\n`;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(text);
        controller.enqueue(bytes.slice(0, 40));
        controller.enqueue(bytes.slice(40));
        controller.close();
      },
    });
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(new Response(body, { status: 200 }));
    const listener = { opened: vi.fn(), received: vi.fn(), dropped: vi.fn(), refused: vi.fn() };
    createAlarmStream({ origin: 'http://x', getToken: () => 't1', fetch })('4', listener);
    await vi.waitFor(() => expect(listener.dropped).toHaveBeenCalled());
    expect(listener.opened).toHaveBeenCalled();
    expect(listener.received).toHaveBeenCalledExactlyOnceWith(freezer, '5');
    const headers = new Headers(fetch.mock.calls[0]![1]!.headers);
    expect(headers.get('Authorization')).toBe('Bearer t1');
    expect(headers.get('Last-Event-ID')).toBe('4');
  });
});
