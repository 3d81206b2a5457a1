import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Api } from '../../src/services/api';
import { findDepartment, selectVisibleRows } from '../../src/machines/deviceTree/deviceTree.selectors';
import {
  deviceTreeMachine,
  NAMES_CACHE_MS,
  treeSettingsOf,
} from '../../src/machines/deviceTree/deviceTreeMachine';
import { DEFAULT_ACCOUNT_SETTINGS } from '#contracts';
import { line, pages } from '../support/fixtures/fixtures';
import { fakeServices } from '../support/fakes/fakeServices';

function start(settings = treeSettingsOf(null)) {
  const { api } = fakeServices({
    pages: vi.fn<Api['pages']>().mockResolvedValue({ status: 'OK', pages }),
  }).services;
  const logic = deviceTreeMachine.provide({
    actors: {
      loadTree: fromPromise(() => api.getDeviceTree()),
      loadNames: fromPromise(({ input }) => api.departmentNames(input)),
      loadPages: fromPromise(({ input }) => api.pages(input)),
      loadLines: fromPromise(({ input }) => api.lines(input)),
    },
  });
  const actor = createActor(logic, { input: { settings } }).start();
  const idle = () =>
    waitFor(actor, (s) => s.matches({ loaded: { names: 'idle', pages: 'idle', lines: 'idle' } }));
  const rows = () =>
    selectVisibleRows(actor.getSnapshot()).map((r) => `${'  '.repeat(r.level - 1)}${r.label}`);
  return { actor, api, idle, rows };
}

afterEach(() => vi.useRealTimers());

describe('device tree machine', () => {
  it('loads the tree, then shows groups and devices with hexacodes as names', async () => {
    const { actor, rows } = start();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(rows()).toEqual(['Store North', '0A0B0C']);
  });

  it('keeps one device open, loads names once within 5 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { actor, api, idle, rows } = start({ ...treeSettingsOf(null), showHexacodesAsDeviceNames: false });
    await idle();
    actor.send({ type: 'tree.expand', kind: 'group', id: 'G:B0000001' });
    await idle();
    // The group's names cover its members.
    actor.send({ type: 'tree.expand', kind: 'device', id: 'D:A1B2C3' });
    await idle();
    expect(rows()).toEqual(['Store North', '  Pack controller', '    1.0 Suction MT', 'Cold room']);
    actor.send({ type: 'tree.expand', kind: 'device', id: 'D:0A0B0C' });
    await idle();
    expect(rows()).toEqual(['Store North', '  Pack controller', 'Cold room', '  1.0 Room', '  2.0 Freezer']);
    expect(api.departmentNames).toHaveBeenCalledTimes(2);
    actor.send({ type: 'tree.expand', kind: 'device', id: 'D:A1B2C3' });
    await idle();
    expect(api.departmentNames).toHaveBeenCalledTimes(2);
    vi.setSystemTime(Date.now() + NAMES_CACHE_MS);
    actor.send({ type: 'tree.expand', kind: 'device', id: 'D:0A0B0C' });
    await idle();
    expect(api.departmentNames).toHaveBeenCalledTimes(3);
  });

  it('loads pages of online departments only, then refresh collapses and reloads', async () => {
    const { actor, api, idle, rows } = start();
    await idle();
    actor.send({ type: 'tree.expand', kind: 'device', id: 'D:0A0B0C' });
    actor.send({ type: 'tree.expand', kind: 'department', id: '0A0B0C:2:0' });
    await idle();
    expect(api.pages).not.toHaveBeenCalled();
    expect(selectVisibleRows(actor.getSnapshot()).at(-1)?.notice).toBe('offline');
    actor.send({ type: 'tree.expand', kind: 'department', id: '0A0B0C:1:0' });
    await idle();
    expect(rows().slice(-3)).toEqual(['    1 Overview', '    2 Setpoints', '  2.0 Freezer']);
    actor.send({ type: 'tree.refresh' });
    expect(rows()).toEqual(['Store North', '0A0B0C']);
    await idle();
    expect(api.pages).toHaveBeenCalledTimes(2);
  });

  it('shares a running lines load and keeps the lines', async () => {
    const { actor, api, idle } = start();
    vi.mocked(api.lines).mockResolvedValue({ status: 'OK', lines: [line(1, '4.0')] });
    await idle();
    const page = { hexacode: '0A0B0C', department: 1, subDepartment: 0, page: 1 };
    actor.send({ type: 'tree.loadLines', ...page });
    actor.send({ type: 'tree.loadLines', ...page });
    await idle();
    actor.send({ type: 'tree.loadLines', ...page });
    await idle();
    expect(api.lines).toHaveBeenCalledTimes(1);
    expect(api.lines).toHaveBeenCalledWith(
      expect.objectContaining({ adf: 'AK-CC550', departmentName: 'Room' }),
    );
    expect(actor.getSnapshot().context.lines['0A0B0C:1:0:1']?.[0]?.value).toBe('4.0');
  });

  it('applies live statuses to devices, departments and group members', async () => {
    const { actor, idle } = start();
    await idle();
    actor.send({ type: 'device.statusChanged', hexacode: '0a0b0c', status: 'OFF' });
    const find = (department: number) =>
      findDepartment(actor.getSnapshot(), { hexacode: '0A0B0C', department, subDepartment: 0 });
    expect(find(1)).toMatchObject({ status: 'OFF', deviceName: 'Cold room', groupName: null });
    actor.send({ type: 'device.statusChanged', hexacode: '0A0B0C', status: 'ON_ALARM' });
    expect(find(2)).toMatchObject({ status: 'ON' });
    actor.send({
      type: 'department.statusChanged',
      hexacode: '0A0B0C',
      department: 2,
      subDepartment: 0,
      status: 'OFF_ALARM',
    });
    expect(find(2)).toMatchObject({ status: 'OFF_ALARM' });
    actor.send({
      type: 'mapping.statusChanged',
      hexacode: 'B0000001',
      memberHexacode: 'A1B2C3',
      status: 'OFF',
    });
    expect(actor.getSnapshot().context.items[0]?.devices[0]?.status).toBe('OFF');
    expect(
      findDepartment(actor.getSnapshot(), { hexacode: 'A1B2C3', department: 1, subDepartment: 0 }),
    ).toMatchObject({
      groupName: 'Store North',
    });
    expect(
      findDepartment(actor.getSnapshot(), { hexacode: 'FFFF', department: 1, subDepartment: 0 }).kind,
    ).toBe('unknownDevice');
    expect(find(9).kind).toBe('unknownDepartment');
  });

  it('marks a device online that stopped reporting as silent, apart from its status, and clears it', async () => {
    const { actor, idle } = start();
    await idle();
    const row = (hexacode: string) =>
      selectVisibleRows(actor.getSnapshot()).find((r) => r.kind === 'device' && r.label === hexacode);
    expect(row('0A0B0C')).toMatchObject({ status: 'ON', silent: false });
    actor.send({ type: 'device.silenceChanged', hexacode: '0a0b0c', silent: true });
    expect(row('0A0B0C')).toMatchObject({ status: 'ON', silent: true });
    expect(actor.getSnapshot().context.items.find((i) => i.hexacode === '0A0B0C')?.silent).toBe(true);
    actor.send({ type: 'device.silenceChanged', hexacode: '0A0B0C', silent: false });
    expect(row('0A0B0C')).toMatchObject({ status: 'ON', silent: false });
  });

  it('reveals the device of the route, searches and hides network controllers', async () => {
    const { actor, idle, rows } = start();
    actor.send({
      type: 'tree.revealRoute',
      page: { hexacode: 'a1b2c3', department: 1, subDepartment: 0, page: 2 },
    });
    await idle();
    // SPEC §2: the department of the route's page opens too, its pages load, and the sidebar goes to the page.
    expect(actor.getSnapshot().context.revealId).toBe('A1B2C3:1:0:2');
    expect(rows()).toEqual([
      'Store North',
      '  A1B2C3',
      '    1.0 Suction MT',
      '      1 Overview',
      '      2 Setpoints',
      '0A0B0C',
    ]);
    const current = selectVisibleRows(actor.getSnapshot()).filter((row) => row.current);
    expect(current.map((row) => row.label)).toEqual(['2 Setpoints']);
    const settings = { ...treeSettingsOf(DEFAULT_ACCOUNT_SETTINGS), showDevicesSearchBar: true };
    actor.send({ type: 'tree.settingsChanged', settings });
    actor.send({ type: 'tree.search', text: 'cold' });
    expect(rows()).toEqual(['0A0B0C']);
    actor.send({ type: 'tree.search', text: '' });
    actor.send({ type: 'tree.settingsChanged', settings: { ...settings, showNetworkControllers: false } });
    // Standing alone, the member sorts among the devices by the hexacode it shows.
    expect(rows()).toEqual(['0A0B0C', 'A1B2C3', '  1.0 Suction MT', '    1 Overview', '    2 Setpoints']);
  });

  it('only logs a load error, and reset goes back to loading', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const logic = deviceTreeMachine.provide({
      actors: { loadTree: fromPromise(() => Promise.reject(new Error('down'))) },
    });
    const actor = createActor(logic, { input: { settings: treeSettingsOf(null) } }).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(error).toHaveBeenCalled();
    actor.send({ type: 'tree.reset' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    error.mockRestore();
  });
});
