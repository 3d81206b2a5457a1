import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { InspectionEvent, SnapshotFrom } from 'xstate';
import type { ImportWizardEvent } from '../../src/machines/importWizard/importWizard.events';
import { importWizardMachine } from '../../src/machines/importWizard/importWizardMachine';
import { storeSession } from '../support/dom/renderApp';
import type { ModelOptions } from '../support/paths/coveringPaths';
import {
  dashboardsList,
  exportedDashboard,
  fullDashboard,
  summary,
} from '../support/fixtures/dashboardFixtures';
import { dashboardHandlers } from '../support/servers/dashboardHandlers';
import { deviceTree, operatorSession } from '../support/fixtures/fixtures';
import { heldFileReads, heldImportServer, NamedFile } from '../support/worlds/importWizardPathWorld';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths, renderProduct } from '../support/paths/viewPaths';
import { server } from '../ui/setup';
import { toastsAsExpected, toastsShown, type ToastsShown } from '../support/dom/toastsShown';

type Snapshot = SnapshotFrom<typeof importWizardMachine>;
type ImportModelEvent =
  | ImportWizardEvent
  | { type: 'xstate.done.actor.readFile'; output: string }
  | { type: 'xstate.error.actor.readFile' | 'xstate.error.actor.loadDevices' }
  | { type: 'xstate.error.actor.importDashboard' }
  | { type: 'xstate.done.actor.loadDevices' | 'xstate.done.actor.importDashboard' };

const EXPORT = new NamedFile([JSON.stringify(exportedDashboard)], 'export.json', {
  type: 'application/json',
});
const NOTES = new NamedFile(['not json'], 'notes.json', { type: 'application/json' });
/** The export's text as the model reads it, kept out of the test names (the model only parses it). */
const EXPORT_TEXT = Object.assign(new String(JSON.stringify(exportedDashboard)), {
  toJSON: () => 'export.json',
}) as unknown as string;
const DIALOG = 'Upload dashboard';
const FAR_DEVICE = 'Replacement for device FFEE01';
const FAR_DEPARTMENT = 'Replacement for department 3.1 of device FFEE01';
const PACK_CONTROLLER = { key: 'device-A1B2C3', option: 'Pack controller (A1B2C3)' };
const SUCTION = { key: 'A1B2C3-1-0', option: 'Suction MT (1.0)' };
/** The replacements the wizard suggests for the export on the fixture tree: the cold room is the user's. */
const SUGGESTED: Record<string, string> = {
  'Replacement for device 0A0B0C': 'device-0A0B0C',
  'Replacement for department 1.0 of device 0A0B0C': '0A0B0C-1-0',
  'Replacement for department 2.0 of device 0A0B0C': '0A0B0C-2-0',
  [FAR_DEVICE]: '',
  [FAR_DEPARTMENT]: '',
};
const TEXT = {
  fileRequired: 'File is required',
  invalidFile: 'Invalid import file',
  devicesFailed: 'Your devices could not be loaded',
  importFailed: 'The dashboard could not be imported',
  nameRequired: 'Name is required',
  imported: (name: string) => `Dashboard ${name} imported`,
};

const { done, failed } = modelEvents<typeof importWizardMachine>();
const fileNamed = (s: Snapshot) => s.context.fileName;
const model: ModelOptions<typeof importWizardMachine> = {
  events: [
    { type: 'import.chooseFile', file: EXPORT },
    { type: 'import.chooseFile', file: NOTES },
    { type: 'import.chooseFile', file: null },
    done('readFile', EXPORT_TEXT),
    done('readFile', 'not json'),
    failed('readFile'),
    { type: 'import.next' },
    done('loadDevices', deviceTree),
    failed('loadDevices'),
    { type: 'import.rename', value: '' },
    { type: 'import.mapDevice', hexacode: 'FFEE01', key: PACK_CONTROLLER.key },
    { type: 'import.mapDepartment', hexacode: 'FFEE01', department: 3, subDepartment: 1, key: SUCTION.key },
    { type: 'import.toggleBuffers' },
    { type: 'import.submit' },
    { type: 'import.back' },
    { type: 'import.cancel' },
    done('importDashboard', fullDashboard(summary('d-created-1', 'Shared temperatures'))),
    failed('importDashboard'),
  ],
  filterEvents: (s, played) => {
    const event = played as ImportModelEvent;
    const far = s.context.mappings[1];
    switch (event.type) {
      // A read gives the chosen file's text.
      case 'xstate.done.actor.readFile':
        return (fileNamed(s) === EXPORT.name) === (event.output === EXPORT_TEXT);
      // The browser reports no change for the file already chosen. Clearing the choice (cancelling its file
      // dialog) needs a file in the input: one chosen on this step-1 screen, which step 2 replaces.
      case 'import.chooseFile':
        return event.file
          ? fileNamed(s) !== event.file.name
          : fileNamed(s) !== null && s.context.devices.length === 0;
      case 'import.rename':
        return s.context.name !== event.value;
      case 'import.mapDevice':
        return far?.key === null;
      // The department's list is disabled until its device is chosen.
      case 'import.mapDepartment':
        return far?.key !== null && far?.departments[0]?.key === null;
      default:
        return true;
    }
  },
  // What decides the next step: the state, the file and whether it was accepted, the name, each replacement.
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      file: s.context.fileName,
      document: s.context.document !== null,
      named: s.context.name.trim() !== '',
      mapped: s.context.mappings.map((m) => [m.key !== null, ...m.departments.map((d) => d.key !== null)]),
      devices: s.context.devices.length > 0,
    }),
};

/** What the user chose and typed, and what the browser and the server said. */
interface ImportWorld {
  user: UserEvent;
  reads: ReturnType<typeof heldFileReads>;
  api: ReturnType<typeof heldImportServer>;
  dashboards: ReturnType<typeof dashboardHandlers>;
  toasts: ToastsShown;
  step: 'file' | 'mapping' | 'imported' | 'cancelled';
  /** The file chosen, and whether its text was read as an export. */
  fileName: string | null;
  accepted: boolean;
  fileError: string | null;
  name: string;
  replacements: Record<string, string>;
  createBuffers: boolean;
  submitted: boolean;
  expectedImports: number;
  expectedToasts: string[];
}

async function start(inspect: (event: InspectionEvent) => void): Promise<ImportWorld> {
  const dashboards = dashboardHandlers(dashboardsList);
  server.use(...dashboards.handlers);
  const world: ImportWorld = {
    user: userEvent.setup({ delay: null }),
    reads: heldFileReads(),
    api: heldImportServer(),
    dashboards,
    toasts: toastsShown(),
    step: 'file',
    fileName: null,
    accepted: false,
    fileError: null,
    name: '',
    replacements: {},
    createBuffers: false,
    submitted: false,
    expectedImports: 0,
    expectedToasts: [],
  };
  storeSession(operatorSession);
  renderProduct('/dashboard/d-overview', { inspect });
  await screen.findByRole('link', { name: 'Overview' });
  await world.user.click(screen.getByRole('button', { name: /^Account menu/ }));
  await world.user.click(await screen.findByRole('menuitem', { name: DIALOG }));
  return world;
}

const dialog = () => screen.getByRole('dialog', { name: DIALOG });
const button = (name: string) => within(dialog()).getByRole<HTMLButtonElement>('button', { name });
const select = (name: string) => within(dialog()).getByRole<HTMLSelectElement>('combobox', { name });

async function play(event: ImportModelEvent, world: ImportWorld) {
  const { user } = world;
  switch (event.type) {
    case 'import.chooseFile': {
      await user.upload(within(dialog()).getByLabelText('Dashboard file'), event.file ? [event.file] : []);
      Object.assign(world, { fileName: event.file?.name ?? null, accepted: false, fileError: null });
      return;
    }
    case 'xstate.done.actor.readFile': {
      await world.reads.load();
      const valid = world.fileName === EXPORT.name;
      if (valid) Object.assign(world, { accepted: true, name: exportedDashboard.name, submitted: false });
      else rejectFile(world);
      return;
    }
    case 'xstate.error.actor.readFile':
      await world.reads.fail();
      return rejectFile(world);
    case 'import.next':
      if (world.accepted) world.api.holdDevices();
      await user.click(button('Next'));
      if (!world.accepted) world.fileError = world.fileName ? TEXT.invalidFile : TEXT.fileRequired;
      return;
    case 'xstate.done.actor.loadDevices':
      await world.api.answerDevices(false);
      Object.assign(world, { step: 'mapping', replacements: { ...SUGGESTED } });
      return;
    case 'xstate.error.actor.loadDevices':
      await world.api.answerDevices(true);
      world.expectedToasts.push(TEXT.devicesFailed);
      return;
    case 'import.rename':
      await user.clear(within(dialog()).getByRole('textbox', { name: 'Dashboard name' }));
      world.name = event.value;
      return;
    case 'import.mapDevice':
      await user.selectOptions(select(FAR_DEVICE), PACK_CONTROLLER.option);
      world.replacements[FAR_DEVICE] = PACK_CONTROLLER.key;
      return;
    case 'import.mapDepartment':
      await user.selectOptions(select(FAR_DEPARTMENT), SUCTION.option);
      world.replacements[FAR_DEPARTMENT] = SUCTION.key;
      return;
    case 'import.toggleBuffers':
      await user.click(within(dialog()).getByRole('checkbox', { name: 'Create buffers for linked devices' }));
      world.createBuffers = !world.createBuffers;
      return;
    case 'import.submit':
      await user.click(button('Import'));
      if (ready(world)) world.expectedImports += 1;
      else world.submitted = true;
      return;
    case 'import.back':
      await user.click(button('Back'));
      world.step = 'file';
      return;
    case 'import.cancel':
      await user.click(button('Cancel'));
      world.step = 'cancelled';
      return;
    case 'xstate.done.actor.importDashboard':
      await world.api.answerImport(false);
      world.step = 'imported';
      world.expectedToasts.push(TEXT.imported(world.name));
      return;
    case 'xstate.error.actor.importDashboard':
      await world.api.answerImport(true);
      world.expectedToasts.push(TEXT.importFailed);
      return;
  }
}

function rejectFile(world: ImportWorld) {
  Object.assign(world, { accepted: false, fileError: TEXT.invalidFile });
  world.expectedToasts.push(TEXT.invalidFile);
}

/** SPEC §5: a name and every replacement. */
const ready = (world: ImportWorld) =>
  world.name.trim() !== '' && Object.values(world.replacements).every((key) => key !== '');

/** The import bodies the server received, and the toasts shown so far. */
function sent(world: ImportWorld) {
  const elements = world.api.bodies.map((body) =>
    body.widgets.flatMap((w) => w.elements.map((e) => `${e.hexacode} ${e.department}.${e.subDepartment}`)),
  );
  const mapped = ['0A0B0C 1.0', '0A0B0C 1.0', '0A0B0C 2.0', 'A1B2C3 1.0'];
  expect(elements).toEqual(Array.from({ length: world.expectedImports }, () => mapped));
  const last = world.api.bodies.at(-1);
  if (last) expect([last.name, last.createBuffers]).toEqual([world.name.trim(), world.createBuffers]);
  toastsAsExpected(world);
}

/** Step 1: the chosen file and why it is refused; Next is busy while the file is read or devices load. */
function fileStep(world: ImportWorld, busy: boolean) {
  expect(world.step).toBe('file');
  expect(within(dialog()).getByText('Step 1 of 2: choose a file')).toBeTruthy();
  const input = within(dialog()).getByLabelText('Dashboard file');
  const chosen = within(dialog()).queryByText(/^Chosen file: /)?.textContent ?? null;
  expect(chosen).toBe(world.fileName && `Chosen file: ${world.fileName}`);
  const errors = [TEXT.fileRequired, TEXT.invalidFile].filter((text) => within(dialog()).queryByText(text));
  expect(errors).toEqual(world.fileError ? [world.fileError] : []);
  expect(input.getAttribute('aria-invalid')).toBe(world.fileError ? 'true' : null);
  expect(button('Next').disabled, 'Next is busy').toBe(busy);
  expect(within(dialog()).queryByRole('button', { name: 'Back' })).toBeNull();
}

/** Step 2: the name, each replacement with its status, the buffers choice; busy while importing. */
function mappingStep(world: ImportWorld, busy: boolean) {
  expect(world.step).toBe('mapping');
  expect(within(dialog()).getByText('Step 2 of 2: name the dashboard and map its devices')).toBeTruthy();
  const name = within(dialog()).getByRole<HTMLInputElement>('textbox', { name: 'Dashboard name' });
  expect(name.value).toBe(world.name);
  const nameMissing = world.submitted && world.name.trim() === '';
  expect(within(dialog()).queryByText(TEXT.nameRequired) !== null, 'Name is required').toBe(nameMissing);
  for (const [label, key] of Object.entries(world.replacements)) {
    const control = select(label);
    expect(control.value, label).toBe(key);
    expect(control.closest('tr')!.lastElementChild!.textContent, label).toBe(key ? 'OK' : 'FAIL');
    expect(control.getAttribute('aria-invalid'), label).toBe(world.submitted && !key ? 'true' : null);
  }
  expect(select(FAR_DEPARTMENT).disabled).toBe(world.replacements[FAR_DEVICE] === '');
  const buffers = within(dialog()).getByRole<HTMLInputElement>('checkbox', { name: /Create buffers/ });
  expect(buffers.checked).toBe(world.createBuffers);
  expect([button('Import').disabled, button('Back').disabled], 'Import and Back are busy').toEqual([
    busy,
    busy,
  ]);
}

/** The dialog is closed and the user is where the import left them. */
function closed(world: ImportWorld, opened: string | null) {
  expect(screen.queryByRole('dialog', { name: DIALOG })).toBeNull();
  const names = world.dashboards.state().dashboards.map((d) => d.name);
  expect(names).toEqual([...dashboardsList.dashboards.map((d) => d.name), ...(opened ? [opened] : [])]);
  expect(window.location.pathname).toBe(opened ? '/dashboard/d-created-1' : '/dashboard/d-overview');
  if (opened) expect(screen.getByRole('link', { name: opened })).toBeTruthy();
}

const idle = (world: ImportWorld) => {
  expect(world.reads.waiting(), 'no file read waits').toBe(false);
  expect(world.api.devicesWaiting(), 'no device tree request waits').toBe(false);
  expect(world.api.importWaiting(), 'no import waits').toBe(false);
};

describeViewPaths('import wizard, played from the account menu on the dashboards', importWizardMachine, {
  model,
  start,
  play,
  stop: (world) => {
    world.reads.stop();
  },
  states: {
    choosingFile: (_, world) => {
      fileStep(world, false);
      idle(world);
      sent(world);
    },
    reading: (_, world) => {
      fileStep(world, true);
      expect(world.reads.waiting(), 'the file is being read').toBe(true);
      sent(world);
    },
    loadingDevices: (_, world) => {
      fileStep(world, true);
      expect(world.api.devicesWaiting(), 'the device tree is asked').toBe(true);
      sent(world);
    },
    mapping: (_, world) => {
      mappingStep(world, false);
      idle(world);
      sent(world);
    },
    importing: (_, world) => {
      mappingStep(world, true);
      expect(world.api.importWaiting(), 'the import waits').toBe(true);
      sent(world);
    },
    imported: (_, world) => {
      expect(world.step).toBe('imported');
      closed(world, world.name.trim());
      sent(world);
    },
    cancelled: (_, world) => {
      expect(world.step).toBe('cancelled');
      closed(world, null);
      idle(world);
      sent(world);
    },
  },
});
