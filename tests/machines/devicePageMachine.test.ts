import { describe, expect, it, vi } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  setup,
  SimulatedClock,
  spawnChild,
  type ActorRefFrom,
  type EventObject,
} from 'xstate';
import type {
  DepartmentLookup,
  LinesRequest,
  LinesResponse,
  PageAddress,
} from '../../src/machines/devicePage/devicePage.types';
import { selectLineEditActor } from '../../src/machines/devicePage/devicePage.selectors';
import { devicePageMachine, REFRESH_INTERVAL_MS } from '../../src/machines/devicePage/devicePageMachine';
import {
  foundDepartment,
  offlineDepartment,
  otherAddress,
  pageAddress,
  pageLines,
} from '../support/fixtures/devicePageFixtures';
import { settle } from '../support/dom/settle';

interface Answers {
  lookup?: DepartmentLookup | Error;
  lines?: LinesResponse | Error;
}

/** The page under a root with fake socket and notifications actors, as the app machine runs it. */
function start({ lookup = foundDepartment, lines = pageLines }: Answers = {}) {
  const answer = <T>(value: T | Error) =>
    value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
  const loadLines = vi.fn((_: LinesRequest) => answer(lines));
  const refreshLines = vi.fn((_: LinesRequest) => answer(lines));
  const redirect = vi.fn();
  const socketEvents: EventObject[] = [];
  const toasts: EventObject[] = [];
  const recorder = (into: EventObject[]) =>
    fromCallback(({ receive }) => {
      receive((event) => into.push(event));
    });
  const page = devicePageMachine.provide({
    actors: {
      lookupDepartment: fromPromise(() => answer(lookup)),
      loadLines: fromPromise(({ input }: { input: LinesRequest }) => loadLines(input)),
      refreshLines: fromPromise(({ input }: { input: LinesRequest }) => refreshLines(input)),
    },
    actions: { redirectToNotFound: (_, params) => redirect(params.message) },
  });
  const root = setup({
    actors: { page, socket: recorder(socketEvents), notifications: recorder(toasts) },
  }).createMachine({
    entry: [
      spawnChild('socket', { systemId: 'socket' }),
      spawnChild('notifications', { systemId: 'notifications' }),
      spawnChild('page', { systemId: 'devicePage' }),
    ],
  });
  const clock = new SimulatedClock();
  const actor = createActor(root, { clock }).start();
  const pageActor = actor.system.get('devicePage') as ActorRefFrom<typeof devicePageMachine>;
  const open = (address: PageAddress = pageAddress) =>
    pageActor.send({ type: 'page.open', address, showRealtimeNote: true });
  return { pageActor, clock, open, settle, loadLines, refreshLines, redirect, socketEvents, toasts };
}

describe('device page machine', () => {
  it.each([
    [{ kind: 'unknownDevice' } as const, 'devicePage.deviceNotFound'],
    [{ kind: 'unknownDepartment' } as const, 'devicePage.departmentNotFound'],
  ])('redirects %o to the 404 page with its message', async (lookup, message) => {
    const { pageActor, open, settle, redirect, loadLines } = start({ lookup });
    open();
    await settle();
    expect(redirect).toHaveBeenCalledWith(message);
    expect(pageActor.getSnapshot().value).toBe('idle');
    expect(loadLines).not.toHaveBeenCalled();
  });

  it('shows an offline department without loading lines', async () => {
    const { pageActor, open, settle, loadLines } = start({ lookup: offlineDepartment });
    open();
    await settle();
    expect(pageActor.getSnapshot().value).toBe('offline');
    expect(pageActor.getSnapshot().context.department?.departmentName).toBe('Dairy');
    expect(loadLines).not.toHaveBeenCalled();
  });

  it('loads the lines of a real device with its ADF and department name, then watches the topic', async () => {
    const { pageActor, open, settle, loadLines, socketEvents } = start();
    open();
    await settle();
    expect(loadLines).toHaveBeenCalledWith({
      ...pageAddress,
      rawHexacode: '0A1B',
      adf: 'case-controller-v2',
      departmentName: 'Dairy',
    });
    expect(pageActor.getSnapshot().matches({ loaded: 'watching' })).toBe(true);
    expect(pageActor.getSnapshot().context.lines).toHaveLength(4);
    expect(socketEvents).toEqual([
      { type: 'socket.subscribe', topic: { kind: 'page', ...pageAddress }, subscriber: pageActor },
    ]);
  });

  it('applies pushed values of its own topic only', async () => {
    const { pageActor, open, settle } = start();
    open();
    await settle();
    const push = (address: PageAddress, value: string) =>
      pageActor.send({
        type: 'page.valuesPushed',
        topic: { kind: 'page', ...address },
        lines: [{ number: 1, status: 'OK', value, unit: '°C', state: null }],
      });
    push(pageAddress, '4.5');
    push(otherAddress, '9.9');
    expect(pageActor.getSnapshot().context.lines[0]?.value).toBe('4.5');
  });

  it('refreshes every 60 s as a fallback, but not while the line edit dialog is open', async () => {
    const { pageActor, open, settle, clock, refreshLines } = start();
    open();
    await settle();
    clock.increment(REFRESH_INTERVAL_MS);
    expect(refreshLines).toHaveBeenCalledTimes(1);
    await settle();
    pageActor.send({ type: 'line.select', lineNumber: 1 });
    expect(pageActor.getSnapshot().matches({ loaded: 'editing' })).toBe(true);
    clock.increment(REFRESH_INTERVAL_MS * 3);
    pageActor.send({
      type: 'page.valuesPushed',
      topic: { kind: 'page', ...pageAddress },
      lines: [{ number: 1, status: 'OK', value: '8.0', unit: '°C', state: null }],
    });
    expect(refreshLines).toHaveBeenCalledTimes(1);
    expect(pageActor.getSnapshot().context.lines[0]?.value).toBe('4.0');
    pageActor.getSnapshot().children.lineEdit?.send({ type: 'lineEdit.cancel' });
    expect(refreshLines).toHaveBeenCalledTimes(2);
  });

  it('opens the line details only for writable lines', async () => {
    const { pageActor, open, settle } = start();
    open();
    await settle();
    pageActor.send({ type: 'line.select', lineNumber: 2 });
    expect(pageActor.getSnapshot().children.lineEdit).toBeUndefined();
    pageActor.send({ type: 'line.select', lineNumber: 3 });
    expect(selectLineEditActor(pageActor.getSnapshot())?.getSnapshot().context.line.name).toBe(
      'Defrost mode',
    );
  });

  it('names the department when its lines cannot be loaded', async () => {
    const { pageActor, open, settle, toasts } = start({ lines: new Error('502') });
    open();
    await settle();
    expect(pageActor.getSnapshot().value).toBe('failed');
    expect(toasts).toEqual([
      {
        type: 'notification.show',
        kind: 'error',
        message: { id: 'devicePage.loadFailed', values: { department: 'Dairy' } },
      },
    ]);
  });

  it('unsubscribes when the page closes or another page opens', async () => {
    const { pageActor, open, settle, socketEvents } = start();
    open();
    await settle();
    open(otherAddress);
    expect(socketEvents[1]).toMatchObject({ type: 'socket.unsubscribe', topic: { page: 1 } });
    await settle();
    expect(socketEvents[2]).toMatchObject({ type: 'socket.subscribe', topic: { page: 2 } });
    pageActor.send({ type: 'page.close' });
    expect(socketEvents[3]).toMatchObject({ type: 'socket.unsubscribe', topic: { page: 2 } });
    expect(pageActor.getSnapshot().context.address).toBeNull();
  });

  it('keeps a loaded page when the same page opens again', async () => {
    const { pageActor, open, settle, loadLines } = start();
    open();
    await settle();
    pageActor.send({
      type: 'page.open',
      address: { ...pageAddress, hexacode: '0a1b' },
      showRealtimeNote: false,
    });
    expect(loadLines).toHaveBeenCalledTimes(1);
    expect(pageActor.getSnapshot().context.showRealtimeNote).toBe(false);
  });
});
