import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type {
  DepartmentLookup,
  LinesRequest,
  LinesResponse,
  PageAddress,
} from '../../src/machines/devicePage/devicePage.types';
import { devicePageMachine } from '../../src/machines/devicePage/devicePageMachine';
import type { LineEditOutput } from '../../src/machines/lineEdit/lineEdit.events';
import {
  foundDepartment,
  offlineDepartment,
  otherAddress,
  pageAddress,
  pageLines,
} from '../support/devicePageFixtures';
import { describeMachinePaths, modelEvents, pending, type ModelOptions } from '../support/machinePaths';

type DevicePageModelEvent = EventFromLogic<typeof devicePageMachine>;

// Typed fixtures for the done, error and delayed events the invoked actors and the timer produce.
const events = modelEvents<typeof devicePageMachine>();
const { done } = events;
const failed = (id: string) => events.failed(id, new Error('502'));
const refreshDue = events.after('REFRESH_INTERVAL', 'devicePage.loaded.watching');
const open = (address: PageAddress, showRealtimeNote = false): DevicePageModelEvent => ({
  type: 'page.open',
  address,
  showRealtimeNote,
});
const push = (address: PageAddress): DevicePageModelEvent => ({
  type: 'page.valuesPushed',
  topic: { kind: 'page', ...address },
  lines: [{ number: 1, status: 'OK', value: '4.5', unit: '°C' }],
});

const model: ModelOptions<typeof devicePageMachine> = {
  events: [
    open(pageAddress),
    open(pageAddress, true),
    open(otherAddress),
    { type: 'page.close' },
    { type: 'page.refresh' },
    { type: 'line.select', lineNumber: 1 },
    { type: 'line.select', lineNumber: 2 },
    push(pageAddress),
    push(otherAddress),
    done('lookupDepartment', foundDepartment),
    done('lookupDepartment', offlineDepartment),
    done('lookupDepartment', { kind: 'unknownDevice' } satisfies DepartmentLookup),
    done('lookupDepartment', { kind: 'unknownDepartment' } satisfies DepartmentLookup),
    failed('lookupDepartment'),
    done('loadLines', pageLines),
    failed('loadLines'),
    done('refreshLines', pageLines),
    failed('refreshLines'),
    refreshDue,
    done('lineEdit', { result: 'saved' } satisfies LineEditOutput),
  ],
  // Which page is open and whether it has lines decide what can happen next; values and notes do not.
  serializeState: (s: SnapshotFrom<typeof devicePageMachine>) =>
    JSON.stringify({
      value: s.value,
      page: s.context.address?.page ?? null,
      lines: s.context.lines.length > 0,
    }),
  // Another page is opened only from the first one, so the graph stays small.
  filterEvents: (s, e) => !(e.type === 'page.open' && e.address.page === 2 && s.context.address?.page === 2),
};

describeMachinePaths('device page machine paths', devicePageMachine, {
  models: model,
  runnable: devicePageMachine.provide({
    actors: {
      lookupDepartment: pending<DepartmentLookup, PageAddress>(),
      loadLines: pending<LinesResponse, LinesRequest>(),
      refreshLines: pending<LinesResponse, LinesRequest>(),
    },
    actions: { notifyLoadFailed: () => {} },
  }),
});
