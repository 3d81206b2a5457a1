import * as v from 'valibot';
import { getInitialSnapshot, getNextSnapshot, type SnapshotFrom } from 'xstate';
import type { DepartmentLookup, PageAddress } from '../../../src/machines/devicePage/devicePage.types';
import type { LineEditOutput } from '../../../src/machines/lineEdit/lineEdit.events';
import { devicePageMachine } from '../../../src/machines/devicePage/devicePageMachine';
import { LinesResponse } from '#contracts';
import type { ModelOptions, Path } from '../paths/coveringPaths';
import { line, pages } from '../fixtures/fixtures';
import { modelEvents } from '../paths/modelEvents';

/** The model of the device page path tests: the addresses it opens, what the tree and the server answer. */

export type PageSnapshot = SnapshotFrom<typeof devicePageMachine>;
export type PageModelEvent = Parameters<typeof devicePageMachine.transition>[1];
const { done, failed } = modelEvents<typeof devicePageMachine>();

/**
 * The fixture tree's Cold room (0A0B0C): Room (ON) and Freezer (OFF); FFFFFF, department 9 and sub-departments
 * other than 0 do not exist.
 */
const at = (hexacode: string, department: number, page = 1): PageAddress => ({
  hexacode,
  department,
  subDepartment: 0,
  page,
});
export const ROOM = at('0A0B0C', 1);
/** The same page under another spelling of its address: another route report of the open page. */
const ROOM_AGAIN = at('0a0b0c', 1);
export const FREEZER = at('0A0B0C', 2);
const UNKNOWN_DEVICE = at('FFFFFF', 1);
const UNKNOWN_DEPARTMENT = at('0A0B0C', 9);
/** Room's second page (Setpoints). */
export const OTHER_PAGE = at('0A0B0C', 1, 2);
export const pathOf = (a: PageAddress) => `/${a.hexacode}/${a.department}/${a.subDepartment}/pages/${a.page}`;
/** The page names the department's pages request answers (the tree has not loaded them). */
export const pageNameOf = (a: PageAddress) => pages.find((page) => page.number === a.page)!.name;

const cold = { kind: 'found', deviceName: 'Cold room', deviceType: 'REAL_DEVICE', groupName: null } as const;
const FOUND: DepartmentLookup = {
  ...cold,
  departmentName: 'Room',
  status: 'ON',
  adf: 'AK-CC550',
  rawHexacode: '0A0B0C',
  pageName: 'Overview',
};
const OFFLINE: DepartmentLookup = {
  ...FOUND,
  departmentName: 'Freezer',
  status: 'OFF',
  pageName: null,
};
/** What the tree answers, by the kind of address. */
const LOOKUPS = {
  found: FOUND,
  offline: OFFLINE,
  unknownDevice: { kind: 'unknownDevice' },
  unknownDepartment: { kind: 'unknownDepartment' },
} as const satisfies Record<string, DepartmentLookup>;
/** The kind of each address the model opens. */
const lookupOf = (a: PageAddress | null): keyof typeof LOOKUPS | null =>
  a === null
    ? null
    : a.hexacode === 'FFFFFF'
      ? 'unknownDevice'
      : a.department === 9 || a.subDepartment !== 0
        ? 'unknownDepartment'
        : a.department === 2
          ? 'offline'
          : 'found';

export const open = (address: PageAddress): PageModelEvent => ({
  type: 'page.open',
  address,
  showRealtimeNote: false,
});
const push = (address: PageAddress): PageModelEvent => ({
  type: 'page.valuesPushed',
  topic: { kind: 'page', ...address },
  lines: [{ number: 1, status: 'OK', value: '4.5', unit: '°C', state: null }],
});
export const LOOKUP_FAILED = failed('lookupDepartment', new Error('502'));
export const REFRESH_DUE = modelEvents<typeof devicePageMachine>().after(
  'REFRESH_INTERVAL',
  'devicePage.loaded.watching',
);

/** Each page of Room has a writable line and a read-only one; the device holds the writable one's value. */
export const PAGE_LINES: Record<number, { writable: string; readOnly: string; value: string }> = {
  1: { writable: 'Setpoint', readOnly: 'Air temperature', value: '4.0' },
  2: { writable: 'Cut-out temperature', readOnly: 'Evaporator temperature', value: '-2.0' },
};
/** The lines answer of a page of Room, its writable line at `value`. */
export const linesAnswer = (page: number, value: string) => {
  const { writable, readOnly } = PAGE_LINES[page]!;
  const onPage = (number: number) => ({ ...line(number, value), id: `0A0B0C-1-0-${page}-${number}`, page });
  return v.parse(LinesResponse, {
    status: 'OK',
    lines: [
      { ...onPage(1), name: writable },
      { ...onPage(2), name: readOnly, value: '3.8', readOnly: true },
    ],
  });
};
const LINES = done('loadLines', linesAnswer(1, '4.0'));
/** The department exists, the page number does not (its ADF has no such page). */
export const PAGE_NOT_PRESENT = v.parse(LinesResponse, { status: 'PAGE_NOT_PRESENT', lines: [] });

export const model: ModelOptions<typeof devicePageMachine> = {
  events: [
    open(ROOM),
    open(FREEZER),
    open(UNKNOWN_DEVICE),
    open(UNKNOWN_DEPARTMENT),
    open(ROOM_AGAIN),
    { type: 'page.close' },
    { type: 'page.refresh' },
    { type: 'line.select', lineNumber: 1 },
    { type: 'line.select', lineNumber: 2 },
    push(ROOM),
    push(OTHER_PAGE),
    ...Object.values(LOOKUPS).map((lookup) => done('lookupDepartment', lookup)),
    LOOKUP_FAILED,
    LINES,
    done('loadLines', PAGE_NOT_PRESENT),
    failed('loadLines', new Error('502')),
    done('refreshLines', linesAnswer(1, '4.0')),
    failed('refreshLines', new Error('502')),
    REFRESH_DUE,
    done('lineEdit', { result: 'cancelled' } satisfies LineEditOutput),
  ],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      address: s.context.address && pathOf(s.context.address),
      department: s.context.department?.departmentName ?? null,
      lines: s.context.lines.length > 0,
    }),
  // What the product can do: the server answers for the address asked; the page is left from a settled state.
  filterEvents: (s, e) => {
    const type: string = e.type;
    const output = (e as { output?: DepartmentLookup }).output;
    const address = s.context.address;
    if (type === 'xstate.done.actor.lookupDepartment') {
      const kind = output!.kind === 'found' && output!.status === 'OFF' ? 'offline' : output!.kind;
      return kind === lookupOf(address);
    }
    // The lookup fails only while the tree cannot be read: before it loaded once.
    if (type === LOOKUP_FAILED.type) return s.context.department === null;
    if (e.type === 'page.open')
      return address === null
        ? e.address !== ROOM_AGAIN
        : e.address === ROOM_AGAIN && pathOf(address) === pathOf(ROOM);
    if (e.type === 'page.close')
      return s.matches('offline') || s.matches('failed') || s.matches({ loaded: 'watching' });
    // The offline notice offers no refresh (see `unreachable`).
    if (e.type === 'page.refresh') return !s.matches('offline');
    return true;
  },
};

/** The user opens the page, and the tree (and, for an online department, the lines endpoint) answer. */
export function visit(address: PageAddress): PageModelEvent[] {
  const kind = lookupOf(address)!;
  const answered = [open(address), done('lookupDepartment', LOOKUPS[kind])];
  return kind === 'found' ? [...answered, LINES] : answered;
}
export const GO_HOME: PageModelEvent = { type: 'page.close' };

/**
 * A hand-picked walk: the covering paths take the cheapest walk of each declared name, and none of those needs
 * one open page to give way to another, so such walks are picked here. Their states are the machine's, as on
 * every path.
 */
export function walkOf(...events: PageModelEvent[]): Path<typeof devicePageMachine> {
  let state = getInitialSnapshot(devicePageMachine);
  const steps = [{ event: { type: 'xstate.init' }, state }];
  for (const event of events) {
    state = getNextSnapshot(devicePageMachine, state, event);
    steps.push({ event, state });
  }
  return { state, steps, weight: events.length } as unknown as Path<typeof devicePageMachine>;
}
