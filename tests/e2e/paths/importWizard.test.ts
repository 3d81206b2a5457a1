import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { importWizardMachine } from '../../../src/machines/importWizard/importWizardMachine';
import type { DashboardsList, Session } from '#contracts';
import type { ModelOptions } from '../../support/paths/coveringPaths';
import { editedDashboard } from '../../support/fixtures/dashboardEditorFixtures';
import { modelEvents } from '../../support/paths/modelEvents';
import { tenantUrl } from '../support/browser';
import { apiCall, apiSession, openSignedIn } from '../support/pathSession';
import { describeServerPaths, holdRequests, recordToasts, toastsShown } from '../support/serverPaths';

/**
 * Uploading a dashboard file as acme's admin. The file holds a dashboard of the path's own name with no widgets
 * (mapping devices is the end-to-end import test's); what the path imports is deleted at its end. The server
 * refuses a name longer than it stores, which the wizard does not check itself.
 */
const TENANT = 'acme';
const NAME_MAX_LENGTH = 120;

type ImportModelEvent = Parameters<typeof importWizardMachine.transition>[1];
const { done, failed } = modelEvents<typeof importWizardMachine>();
const FILE_TEXT = JSON.stringify({ name: 'Uploaded', widgets: [] });
const FILE_READ = done('readFile', FILE_TEXT);
const DEVICES = done('loadDevices', []);
const IMPORTED = done('importDashboard', editedDashboard);
const REFUSED = failed('importDashboard', new Error('400'));
const TOO_LONG = 'x'.repeat(NAME_MAX_LENGTH + 1);

const is = (event: ImportModelEvent, expected: ImportModelEvent) =>
  JSON.stringify(event) === JSON.stringify(expected);

const model: ModelOptions<typeof importWizardMachine> = {
  events: [
    { type: 'import.chooseFile', file: new File([FILE_TEXT], 'upload.json') },
    FILE_READ,
    { type: 'import.next' },
    DEVICES,
    { type: 'import.rename', value: TOO_LONG },
    { type: 'import.submit' },
    { type: 'import.cancel' },
    IMPORTED,
    REFUSED,
  ],
  serializeState: (s) => JSON.stringify({ value: s.value, name: s.context.name, file: s.context.fileName }),
  // The server stores names of up to 120 characters and refuses longer ones.
  filterEvents: (s, e) =>
    !s.matches('importing') || is(e, s.context.name.length > NAME_MAX_LENGTH ? REFUSED : IMPORTED),
};

interface ImportWorld {
  session: Session;
  /** The dashboard name the file holds, unique to the path. */
  fileName: string;
  name: string;
  step: 'file' | 'mapping' | 'closed';
  fileChosen: boolean;
  devices?: Awaited<ReturnType<typeof holdRequests>>;
  imports: Awaited<ReturnType<typeof holdRequests>>;
  sentNames: string[];
  toasts: string[];
}

const wizard = (page: Page) => page.getByRole('dialog', { name: 'Upload dashboard' });

async function start(page: Page): Promise<ImportWorld> {
  const session = await apiSession(TENANT, 'admin', 'Admin123');
  await openSignedIn(page, session);
  await recordToasts(page);
  const world: ImportWorld = {
    session,
    fileName: `Upload ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    name: '',
    step: 'file',
    fileChosen: false,
    imports: await holdRequests(page, '**/api/v2/dashboards/import', 'POST'),
    sentNames: [],
    toasts: [],
  };
  await page.goto(tenantUrl(TENANT, '/'));
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Upload dashboard' }).click();
  return world;
}

async function play(page: Page, event: ImportModelEvent, world: ImportWorld) {
  switch (event.type) {
    case 'import.chooseFile':
      await wizard(page)
        .getByLabel('Dashboard file')
        .setInputFiles({
          name: 'upload.json',
          mimeType: 'application/json',
          buffer: Buffer.from(JSON.stringify({ name: world.fileName, widgets: [] })),
        });
      world.fileChosen = true;
      return;
    case 'import.next':
      // Held only from now: the side bar asks for the same device tree as the app opens.
      world.devices = await holdRequests(page, '**/api/v2/devices/', 'GET');
      await wizard(page).getByRole('button', { name: 'Next' }).click();
      return;
    case 'import.rename':
      await wizard(page).getByRole('textbox', { name: 'Dashboard name' }).fill(event.value);
      world.name = event.value;
      return;
    case 'import.submit':
      await wizard(page).getByRole('button', { name: 'Import' }).click();
      world.sentNames.push(world.name);
      return;
    case 'import.cancel':
      await wizard(page).getByRole('button', { name: 'Cancel' }).click();
      world.step = 'closed';
      return;
  }
  // The browser reads the chosen file by itself: nothing to play but to wait for what it shows.
  if (is(event, FILE_READ)) return;
  if (is(event, DEVICES)) {
    await world.devices!.release();
    Object.assign(world, { step: 'mapping', name: world.fileName });
  } else if (is(event, IMPORTED)) {
    await world.imports.release();
    world.step = 'closed';
    world.toasts.push(`Dashboard ${world.name} imported`);
  } else if (is(event, REFUSED)) {
    await world.imports.release();
    world.toasts.push('The dashboard could not be imported');
  } else throw new Error(`No way to play ${event.type}`);
}

async function sentAndToasts(page: Page, world: ImportWorld) {
  const sent = world.imports.bodies() as { name: string; widgets: unknown[] }[];
  expect(sent).toEqual(world.sentNames.map((name) => ({ name, widgets: [], createBuffers: false })));
  const shown = (await toastsShown(page)).filter((text) => text.includes('imported'));
  expect(shown, 'the import toasts shown so far').toEqual(world.toasts);
}

async function fileStepShown(page: Page, world: ImportWorld) {
  expect(world.step).toBe('file');
  await wizard(page).getByText('Step 1 of 2: choose a file').waitFor();
  const chosen = wizard(page).getByText('Chosen file: upload.json');
  expect(await chosen.count()).toBe(world.fileChosen ? 1 : 0);
  await sentAndToasts(page, world);
}

async function mappingShown(page: Page, world: ImportWorld, busy: boolean) {
  expect(world.step).toBe('mapping');
  await wizard(page).getByText("The file's widgets use no devices").waitFor();
  expect(await wizard(page).getByRole('textbox', { name: 'Dashboard name' }).inputValue()).toBe(world.name);
  expect(await wizard(page).getByRole('button', { name: 'Import' }).isDisabled()).toBe(busy);
  expect(world.imports.waiting(), 'the import waits for the server').toBe(busy);
  await sentAndToasts(page, world);
}

/** Deletes what the path imported, so no other test sees it. */
async function stop(world: ImportWorld) {
  const list = await apiCall<DashboardsList>(TENANT, world.session, 'GET', '/api/v2/dashboards/');
  for (const dashboard of list.body.dashboards.filter((d) => d.name === world.name))
    await apiCall(TENANT, world.session, 'DELETE', `/api/v2/dashboards/${dashboard.id}`);
}

describeServerPaths('dashboard import in Chromium against the server', importWizardMachine, {
  model,
  serverActors: ['loadDevices', 'importDashboard'],
  start,
  play: (page, event, world) => play(page, event, world),
  stop,
  states: {
    choosingFile: (page, _, world) => fileStepShown(page, world),
    // Reading a chosen file takes the browser no time to see: the step shows the chosen file throughout.
    reading: (page, _, world) => fileStepShown(page, world),
    loadingDevices: async (page, _, world) => {
      expect(world.devices?.waiting(), 'the devices are asked for').toBe(true);
      await wizard(page).getByText('Step 1 of 2: choose a file').waitFor();
      expect(await wizard(page).getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    },
    mapping: (page, _, world) => mappingShown(page, world, false),
    importing: (page, _, world) => mappingShown(page, world, true),
    imported: async (page, _, world) => {
      expect(world.step).toBe('closed');
      expect(await wizard(page).count()).toBe(0);
      await page.getByRole('heading', { name: world.name, level: 1 }).waitFor();
      await sentAndToasts(page, world);
    },
    cancelled: async (page, _, world) => {
      expect(world.step).toBe('closed');
      expect(await wizard(page).count()).toBe(0);
      await sentAndToasts(page, world);
    },
  },
  unreachable: {
    'importWizard.loadingDevices on xstate.error.actor.loadDevices':
      "a failed device tree: the server answers a signed-in user's tree (the jsdom view paths play the failure)",
  },
});
