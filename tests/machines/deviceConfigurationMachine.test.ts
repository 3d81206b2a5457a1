import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { deviceConfigurationMachine } from '../../src/machines/deviceConfiguration/deviceConfigurationMachine';
import type { DeviceConfigurationSave, SortSettings } from '#contracts';
import { deviceTree } from '../support/fixtures/devicePageFixtures';
import { settle } from '../support/dom/settle';

function start(settings: SortSettings, save: () => Promise<void> = () => Promise.resolve()) {
  const saveConfiguration = vi.fn((_: DeviceConfigurationSave) => save());
  const notify = vi.fn();
  const actor = createActor(
    deviceConfigurationMachine.provide({
      actors: {
        saveConfiguration: fromPromise(({ input }: { input: DeviceConfigurationSave }) =>
          saveConfiguration(input),
        ),
      },
      actions: { notify: (_, params) => notify(params.kind, params.id) },
    }),
    { input: { tree: deviceTree, settings } },
  ).start();
  const shown = () => actor.getSnapshot().context.items.map((item) => item.label);
  return { actor, shown, saveConfiguration, notify, settle };
}

describe('device configuration machine', () => {
  it('sorts by label, else name, in either direction', () => {
    const { actor, shown } = start({ sortMode: 'NAME', sortDirection: 'ASC' });
    expect(shown()).toEqual(['Alpha', 'Bakery', 'Store 101']);
    actor.send({ type: 'config.sortDirection', direction: 'DESC' });
    expect(shown()).toEqual(['Store 101', 'Bakery', 'Alpha']);
    actor.send({ type: 'config.rename', key: 'device-0B00', label: 'Zucchini bakery' });
    expect(shown()).toEqual(['Zucchini bakery', 'Store 101', 'Alpha']);
  });

  it('sorts by custom order and moves items only in custom order without a search', () => {
    const { actor, shown } = start({ sortMode: 'CUSTOM', sortDirection: 'ASC' });
    expect(shown()).toEqual(['Bakery', 'Store 101', 'Alpha']);
    actor.send({ type: 'config.move', key: 'device-0C00', toIndex: 0 });
    expect(shown()).toEqual(['Alpha', 'Bakery', 'Store 101']);
    actor.send({ type: 'config.search', text: 'bak' });
    actor.send({ type: 'config.move', key: 'device-0B00', toIndex: 2 });
    expect(shown()).toEqual(['Alpha', 'Bakery', 'Store 101']);
    actor.send({ type: 'config.search', text: '' });
    actor.send({ type: 'config.sortMode', mode: 'NAME' });
    actor.send({ type: 'config.move', key: 'device-0B00', toIndex: 2 });
    actor.send({ type: 'config.sortMode', mode: 'CUSTOM' });
    expect(shown()).toEqual(['Alpha', 'Bakery', 'Store 101']);
  });

  it('moves in the shown order when custom order runs descending', () => {
    const { actor, shown } = start({ sortMode: 'CUSTOM', sortDirection: 'DESC' });
    expect(shown()).toEqual(['Alpha', 'Store 101', 'Bakery']);
    actor.send({ type: 'config.move', key: 'device-0B00', toIndex: 0 });
    expect(shown()).toEqual(['Bakery', 'Alpha', 'Store 101']);
  });

  it('requires business group, device and department names', async () => {
    const { actor, saveConfiguration } = start({ sortMode: 'NAME', sortDirection: 'ASC' });
    actor.send({ type: 'config.rename', key: 'group-00F1', label: ' ' });
    actor.send({ type: 'config.rename', key: 'device-0A1B', label: '' });
    actor.send({ type: 'config.rename', key: '0A1B-1-0', label: '' });
    actor.send({ type: 'config.search', text: 'alpha' });
    actor.send({ type: 'config.save' });
    expect(actor.getSnapshot().context.errors).toEqual({
      'group-00F1': 'deviceConfiguration.groupNameRequired',
      'device-0A1B': 'deviceConfiguration.deviceNameRequired',
      '0A1B-1-0': 'deviceConfiguration.departmentNameRequired',
    });
    expect(actor.getSnapshot().context.search).toBe('');
    expect(saveConfiguration).not.toHaveBeenCalled();
  });

  it('saves trimmed labels, null where the label is the own name, members included', async () => {
    const { actor, saveConfiguration, notify } = start({ sortMode: 'NAME', sortDirection: 'ASC' });
    actor.send({ type: 'config.rename', key: 'device-0A1B', label: ' Dairy case ' });
    actor.send({ type: 'config.rename', key: 'device-0C00', label: 'Controller 12' });
    actor.send({ type: 'config.save' });
    const output = await toPromise(actor);
    const body = saveConfiguration.mock.calls[0]![0];
    expect(body.settings).toEqual({ sortMode: 'NAME', sortDirection: 'ASC' });
    expect(body.devices.map((d) => [d.key, d.order])).toEqual([
      ['device-0B00', 0],
      ['device-0C00', 2],
      ['group-00F1', 1],
    ]);
    expect(body.devices[2]!.data).toEqual([
      { key: 'group-00F1', label: null },
      { key: 'device-0A1B', label: 'Dairy case' },
      { key: '0A1B-1-0', label: 'Dairy' },
    ]);
    expect(body.devices[1]!.data[0]).toEqual({ key: 'device-0C00', label: null });
    expect(output).toEqual({ result: 'saved', configuration: body });
    expect(notify).toHaveBeenCalledWith('success', 'deviceConfiguration.saved');
  });

  it('stays open after a failed save, and cancelling then reports cancelled', async () => {
    const { actor, notify, settle } = start({ sortMode: 'NAME', sortDirection: 'ASC' }, () =>
      Promise.reject(new Error('500')),
    );
    actor.send({ type: 'config.save' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(notify).toHaveBeenCalledWith('error', 'deviceConfiguration.saveFailed');
    actor.send({ type: 'config.cancel' });
    expect(await toPromise(actor)).toEqual({ result: 'cancelled' });
  });
});
