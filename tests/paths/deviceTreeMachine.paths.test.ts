import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { deviceTreeMachine, treeSettingsOf } from '../../src/machines/deviceTree/deviceTreeMachine';
import type { DepartmentName, LinesResult, PagesResult } from '../../src/services/api';
import type { DeviceTreeItem } from '../../src/services/contracts';
import { deviceTree, pages } from '../support/fixtures';
import { describeMachinePaths, modelEvents, pending, type ModelOptions } from '../support/machinePaths';

type TreeSnapshot = SnapshotFrom<typeof deviceTreeMachine>;
const { done, failed } = modelEvents<typeof deviceTreeMachine>();

// Names are cached by time: a frozen clock keeps the model deterministic.
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-01-01T00:00:00Z') });
vi.spyOn(console, 'error').mockImplementation(() => {});

const settings = treeSettingsOf(null);
const page = { hexacode: '0A0B0C', department: 1, subDepartment: 0, page: 1 };
const loads = (s: TreeSnapshot) =>
  s.context.queues.names.length + s.context.queues.pages.length + s.context.queues.lines.length;

const nothingOpen = (s: TreeSnapshot) => Object.values(s.context.expanded).every((id) => id === null);

const model: ModelOptions<typeof deviceTreeMachine> = {
  input: { settings },
  events: [
    done('loadTree', deviceTree),
    failed('loadTree'),
    { type: 'tree.expand', kind: 'device', id: 'D:0A0B0C' },
    { type: 'tree.expand', kind: 'department', id: '0A0B0C:1:0' },
    { type: 'tree.expand', kind: 'department', id: '0A0B0C:2:0' },
    done('loadNames', [] satisfies DepartmentName[]),
    failed('loadNames'),
    done('loadPages', { status: 'OK', pages } satisfies PagesResult),
    failed('loadPages'),
    { type: 'tree.loadLines', ...page },
    done('loadLines', { status: 'OK', lines: [] } satisfies LinesResult),
    failed('loadLines'),
    { type: 'tree.refresh' },
    { type: 'tree.reload' },
    { type: 'tree.reset' },
    { type: 'tree.search', text: 'cold' },
    { type: 'tree.settingsChanged', settings: { ...settings, showDevicesSearchBar: true } },
    { type: 'tree.revealRoute', hexacode: 'A1B2C3' },
    { type: 'device.statusChanged', hexacode: '0A0B0C', status: 'OFF' },
    { type: 'department.statusChanged', hexacode: '0A0B0C', department: 2, subDepartment: 0, status: 'ON' },
    { type: 'mapping.statusChanged', hexacode: 'B0000001', memberHexacode: 'A1B2C3', status: 'OFF' },
  ],
  // Everything a guard reads, so two snapshots with one key behave alike. Events other than load answers wait
  // for the loads to settle, and the tree-wide ones for a collapsed tree: the graph stays small.
  serializeState: (s: TreeSnapshot) =>
    JSON.stringify({
      value: s.value,
      expanded: s.context.expanded,
      queues: s.context.queues,
      names: Object.keys(s.context.namesLoadedAt).sort(),
      pages: Object.keys(s.context.pages).sort(),
      lines: Object.keys(s.context.lines),
      statuses: s.context.items.flatMap((item) => item.departments.map((d) => d.status)),
      route: s.context.routeHexacode,
    }),
  filterEvents: (s, e) =>
    e.type.startsWith('xstate.') ||
    (loads(s) === 0 && (e.type.startsWith('tree.expand') || e.type === 'tree.loadLines' || nothingOpen(s))),
};

describeMachinePaths('device tree machine paths', deviceTreeMachine, {
  models: model,
  runnable: deviceTreeMachine.provide({
    actors: {
      loadTree: pending<DeviceTreeItem[]>(),
      loadNames: pending(),
      loadPages: pending(),
      loadLines: pending(),
    },
  }),
  check: (actor, path) => expect(actor.getSnapshot().context.expanded).toEqual(path.state.context.expanded),
});
