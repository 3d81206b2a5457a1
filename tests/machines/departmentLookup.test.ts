import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { lookupDepartment } from '../../src/machines/app/departmentLookup';
import { deviceTreeMachine, treeSettingsOf } from '../../src/machines/deviceTree/deviceTreeMachine';
import { SYSTEM_IDS } from '../../src/machines/systemIds';
import type { Api } from '../../src/services/api';
import type { DeviceTreeItem } from '#contracts';
import { deviceTree, pages } from '../support/fixtures/fixtures';
import { fakeServices } from '../support/fakes/fakeServices';

const room = { hexacode: '0A0B0C', department: 1, subDepartment: 0, page: 2 };
const freezer = { hexacode: '0A0B0C', department: 2, subDepartment: 0, page: 1 };

/** A running device tree under its systemId, as the app machine runs it, with the services as fakes. */
function start(loadTree: () => Promise<DeviceTreeItem[]> = () => Promise.resolve(deviceTree)) {
  const { api } = fakeServices({
    pages: vi.fn<Api['pages']>().mockResolvedValue({ status: 'OK', pages }),
  }).services;
  const getDeviceTree = vi.fn(loadTree);
  const logic = deviceTreeMachine.provide({
    actors: {
      loadTree: fromPromise(() => getDeviceTree()),
      loadNames: fromPromise(({ input }) => api.departmentNames(input)),
      loadPages: fromPromise(({ input }) => api.pages(input)),
      loadLines: fromPromise(({ input }) => api.lines(input)),
    },
  });
  const tree = createActor(logic, { input: { settings: treeSettingsOf(null) } }).start();
  const system = { get: (id: string) => (id === SYSTEM_IDS.deviceTree ? tree : undefined) };
  return { api, getDeviceTree, system, tree };
}

afterEach(() => vi.restoreAllMocks());

describe('device page lookup of a department', () => {
  it('waits for a tree that is loading, then reads the page name the tree has not loaded', async () => {
    const { api, system, tree } = start();
    expect(tree.getSnapshot().matches('loading')).toBe(true);
    const found = await lookupDepartment(api, system, room);
    expect(found).toMatchObject({ kind: 'found', deviceName: 'Cold room', departmentName: 'Room' });
    expect(found).toMatchObject({ pageName: 'Setpoints' });
    expect(api.pages).toHaveBeenCalledTimes(1);
    expect(api.pages).toHaveBeenCalledWith({
      adf: 'AK-CC550',
      hexacode: '0A0B0C',
      rawHexacode: '0A0B0C',
      department: 1,
      subDepartment: 0,
    });
  });

  it('asks a failed tree to reload and answers once it has loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let loads = 0;
    const { api, getDeviceTree, system, tree } = start(() =>
      ++loads === 1 ? Promise.reject(new Error('down')) : Promise.resolve(deviceTree),
    );
    await waitFor(tree, (s) => s.matches('failed'));
    const found = await lookupDepartment(api, system, room);
    expect(getDeviceTree).toHaveBeenCalledTimes(2);
    expect(tree.getSnapshot().matches('loaded')).toBe(true);
    expect(found).toMatchObject({ kind: 'found', departmentName: 'Room', pageName: 'Setpoints' });
  });

  it('fails when the reloaded tree fails again, and when no tree runs', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api, system, tree } = start(() => Promise.reject(new Error('down')));
    await waitFor(tree, (s) => s.matches('failed'));
    const sent = vi.spyOn(tree, 'send');
    await expect(lookupDepartment(api, system, room)).rejects.toThrow('could not be loaded');
    expect(sent).toHaveBeenCalledWith({ type: 'tree.reload' });
    await expect(lookupDepartment(api, { get: () => undefined }, room)).rejects.toThrow('not running');
    expect(api.pages).not.toHaveBeenCalled();
  });

  it('takes the page name from the tree when it has loaded the pages', async () => {
    const { api, system, tree } = start();
    await waitFor(tree, (s) => s.matches('loaded'));
    tree.send({ type: 'tree.expand', kind: 'department', id: '0A0B0C:1:0' });
    await waitFor(tree, (s) => '0A0B0C:1:0' in s.context.pages);
    expect(api.pages).toHaveBeenCalledTimes(1);
    const found = await lookupDepartment(api, system, room);
    expect(found).toMatchObject({ kind: 'found', pageName: 'Setpoints' });
    expect(api.pages).toHaveBeenCalledTimes(1);
  });

  it('reads no pages of an offline department', async () => {
    const { api, system } = start();
    const found = await lookupDepartment(api, system, freezer);
    expect(found).toMatchObject({ kind: 'found', departmentName: 'Freezer', status: 'OFF', pageName: null });
    expect(api.pages).not.toHaveBeenCalled();
  });

  it('falls back to no page name when the pages cannot be read or do not name the page', async () => {
    const { api, system } = start();
    vi.mocked(api.pages).mockRejectedValueOnce(new Error('down'));
    expect(await lookupDepartment(api, system, room)).toMatchObject({ kind: 'found', pageName: null });
    expect(await lookupDepartment(api, system, { ...room, page: 9 })).toMatchObject({
      kind: 'found',
      pageName: null,
    });
    expect(api.pages).toHaveBeenCalledTimes(2);
  });

  it('answers unknown devices and departments without reading pages', async () => {
    const { api, system } = start();
    expect(await lookupDepartment(api, system, { ...room, hexacode: 'FFFF' })).toEqual({
      kind: 'unknownDevice',
    });
    expect(await lookupDepartment(api, system, { ...room, department: 9 })).toEqual({
      kind: 'unknownDepartment',
    });
    expect(api.pages).not.toHaveBeenCalled();
  });
});
