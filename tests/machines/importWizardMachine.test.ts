import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { selectNameError, selectStep } from '../../src/machines/importWizard/importWizard.selectors';
import { provideImportWizard } from '../../src/machines/importWizard/provideImportWizard';
import type { Api } from '../../src/services/api';
import { exportedDashboard, fullDashboard, summary } from '../support/fixtures/dashboardFixtures';
import { deviceTree } from '../support/fixtures/fixtures';

const fileOf = (text: string) => new File([text], 'export.json', { type: 'application/json' });

function start(
  importDashboard = vi
    .fn<Api['importDashboard']>()
    .mockImplementation(async ({ name }) => fullDashboard(summary('d-imported', name))),
) {
  const calls = {
    getDeviceTree: vi.fn<Api['getDeviceTree']>().mockResolvedValue(deviceTree),
    importDashboard,
  };
  const notify = vi.fn();
  const actor = createActor(
    provideImportWizard(calls, (file) => file.text()).provide({
      actions: { notify: (_, params) => notify(params.id) },
    }),
  ).start();
  /** Chooses a file and waits until it was read. */
  const choose = async (text: string) => {
    actor.send({ type: 'import.chooseFile', file: fileOf(text) });
    await waitFor(actor, (s) => s.matches('choosingFile'));
  };
  const toMapping = async () => {
    await choose(JSON.stringify(exportedDashboard));
    actor.send({ type: 'import.next' });
    await waitFor(actor, (s) => s.matches('mapping'));
  };
  return { actor, calls, notify, choose, toMapping };
}

describe('import wizard machine', () => {
  it('requires a file and refuses one that is not an exported dashboard', async () => {
    const { actor, notify, choose } = start();
    actor.send({ type: 'import.next' });
    expect(actor.getSnapshot().context.fileError).toBe('importWizard.fileRequired');
    for (const text of ['not json', '{"name":"No widgets"}', JSON.stringify({ name: ' ', widgets: [] })]) {
      await choose(text);
      expect(actor.getSnapshot().context.fileError).toBe('importWizard.invalidFile');
      expect(actor.getSnapshot().context.document).toBeNull();
    }
    expect(notify).toHaveBeenCalledWith('importWizard.invalidFile');
    actor.send({ type: 'import.next' });
    expect(selectStep(actor.getSnapshot())).toBe('file');
    // Next with the refused file chosen keeps saying why, rather than asking for a file.
    expect(actor.getSnapshot().context.fileError).toBe('importWizard.invalidFile');
    actor.send({ type: 'import.chooseFile', file: null });
    expect(actor.getSnapshot().context).toMatchObject({ fileName: null, fileError: null });
  });

  it('names the dashboard after the file and suggests devices and departments by hexacode and numbers', async () => {
    const { actor, toMapping } = start();
    await toMapping();
    const { context } = actor.getSnapshot();
    expect(context.name).toBe('Shared temperatures');
    expect(context.mappings).toEqual([
      {
        hexacode: '0A0B0C',
        key: 'device-0A0B0C',
        departments: [
          { department: 1, subDepartment: 0, key: '0A0B0C-1-0' },
          { department: 2, subDepartment: 0, key: '0A0B0C-2-0' },
        ],
      },
      { hexacode: 'FFEE01', key: null, departments: [{ department: 3, subDepartment: 1, key: null }] },
    ]);
    // Business groups are not devices to map to; their members are.
    expect(context.devices.map((d) => d.key)).toEqual(['device-A1B2C3', 'device-0A0B0C']);
  });

  it('imports only once the name and every replacement are chosen, sending the mapped widgets', async () => {
    const { actor, calls, toMapping } = start();
    await toMapping();
    actor.send({ type: 'import.rename', value: ' ' });
    actor.send({ type: 'import.submit' });
    expect(actor.getSnapshot().matches('mapping')).toBe(true);
    expect(selectNameError(actor.getSnapshot())).toBe('importWizard.nameRequired');
    actor.send({ type: 'import.rename', value: ' Cellar ' });
    actor.send({ type: 'import.mapDevice', hexacode: 'FFEE01', key: 'device-A1B2C3' });
    actor.send({ type: 'import.submit' });
    expect(actor.getSnapshot().matches('mapping')).toBe(true);
    actor.send({
      type: 'import.mapDepartment',
      hexacode: 'FFEE01',
      department: 3,
      subDepartment: 1,
      key: 'A1B2C3-1-0',
    });
    actor.send({ type: 'import.mapDevice', hexacode: '0A0B0C', key: 'device-0A0B0C' });
    actor.send({ type: 'import.toggleBuffers' });
    actor.send({ type: 'import.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    const body = calls.importDashboard.mock.calls[0]![0];
    expect(body).toMatchObject({ name: 'Cellar', createBuffers: true });
    expect(
      body.widgets[0]!.elements!.map((e) => [e.id, e.hexacode, e.rawHexacode, e.department, e.subDepartment]),
    ).toEqual([
      ['e-room', '0A0B0C', '0A0B0C', 1, 0],
      ['e-room-2', '0A0B0C', '0A0B0C', 1, 0],
      ['e-freezer', '0A0B0C', '0A0B0C', 2, 0],
      ['e-far', 'A1B2C3', 'A1B2C3', 1, 0],
    ]);
    expect(actor.getSnapshot().output).toMatchObject({ id: 'd-imported', name: 'Cellar' });
  });

  it('reports a failed import and a failed device load; back and cancel', async () => {
    const { actor, notify, toMapping, calls } = start(
      vi.fn<Api['importDashboard']>().mockRejectedValue(new Error('500')),
    );
    await toMapping();
    actor.send({ type: 'import.mapDevice', hexacode: 'FFEE01', key: 'device-0A0B0C' });
    expect(actor.getSnapshot().context.mappings[1]!.departments[0]!.key).toBeNull();
    actor.send({
      type: 'import.mapDepartment',
      hexacode: 'FFEE01',
      department: 3,
      subDepartment: 1,
      key: '0A0B0C-2-0',
    });
    actor.send({ type: 'import.submit' });
    await waitFor(actor, (s) => s.matches('mapping') && notify.mock.calls.length > 0);
    expect(notify).toHaveBeenCalledWith('importWizard.importFailed');
    actor.send({ type: 'import.back' });
    expect(selectStep(actor.getSnapshot())).toBe('file');
    calls.getDeviceTree.mockRejectedValue(new Error('500'));
    actor.send({ type: 'import.next' });
    await waitFor(actor, (s) => s.matches('choosingFile'));
    expect(notify).toHaveBeenCalledWith('importWizard.devicesFailed');
    actor.send({ type: 'import.cancel' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toBeNull();
  });
});
