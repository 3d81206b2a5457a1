import '../support/fakes/resizeObserver';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { InspectionEvent, SnapshotFrom } from 'xstate';
import { deviceConfigurationMachine } from '../../src/machines/deviceConfiguration/deviceConfigurationMachine';
import type { DeviceConfigurationSave, DeviceTreeItem, SortSettings } from '#contracts';
import { storeSession } from '../support/dom/renderApp';
import type { ModelOptions } from '../support/paths/coveringPaths';
import {
  deviceConfigurationServer,
  type DeviceConfigurationServer,
} from '../support/servers/deviceConfigurationServer';
import { deviceTree } from '../support/fixtures/devicePageFixtures';
import { operatorSession } from '../support/fixtures/fixtures';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths, renderProduct } from '../support/paths/viewPaths';
import { answerSave, cancelInTurn, type SavingDialogWorld } from '../support/worlds/savingDialogPath';
import { server } from '../ui/setup';
import { toastsAsExpected, toastsShown } from '../support/dom/toastsShown';
import { accountSettingsHandler } from '../support/servers/apiHandlers';

type ConfigSnapshot = SnapshotFrom<typeof deviceConfigurationMachine>;
type ConfigModelEvent = Parameters<typeof deviceConfigurationMachine.transition>[1];
const { done, failed } = modelEvents<typeof deviceConfigurationMachine>();
const SAVED = done('saveConfiguration');
const SAVE_FAILED = failed('saveConfiguration', new Error('500'));

/** The fixture tree: Controller 12 (named Alpha, order 2), Bakery (0), group Store 101 (1) with Case 3. */
const BAKERY = 'device-0B00';
const NEW_NAME = 'Zebra bakery';
const SEARCH = 'bak';
const TOAST = { saved: 'Device configuration saved', failed: 'Could not save the device configuration' };

const bakeryIndex = (s: ConfigSnapshot) => s.context.items.findIndex((item) => item.key === BAKERY);
const bakeryLabel = (s: ConfigSnapshot) => s.context.items[bakeryIndex(s)]!.label;

const model: ModelOptions<typeof deviceConfigurationMachine> = {
  input: { tree: deviceTree, settings: { sortMode: 'NAME', sortDirection: 'ASC' } },
  events: [
    { type: 'config.rename', key: BAKERY, label: '' },
    { type: 'config.rename', key: BAKERY, label: NEW_NAME },
    { type: 'config.sortMode', mode: 'CUSTOM' },
    { type: 'config.sortMode', mode: 'NAME' },
    { type: 'config.sortDirection', direction: 'DESC' },
    { type: 'config.sortDirection', direction: 'ASC' },
    { type: 'config.move', key: BAKERY, toIndex: 2 },
    { type: 'config.search', text: SEARCH },
    { type: 'config.search', text: '' },
    { type: 'config.save' },
    { type: 'config.cancel' },
    SAVED,
    SAVE_FAILED,
  ],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      bakery: bakeryLabel(s),
      order: s.context.items.map((item) => item.key),
      settings: s.context.settings,
      search: s.context.search,
    }),
  // What a user can do: nothing but wait while saving; in the dialog, only what changes something (the view
  // offers moves only in custom order without a search, and a drop on the row itself moves nothing).
  filterEvents: (s, e) => {
    const type: string = e.type;
    if (s.matches('saving')) return type.startsWith('xstate.');
    if (type.startsWith('xstate.')) return false;
    switch (e.type) {
      case 'config.rename':
        return e.label !== bakeryLabel(s);
      case 'config.sortMode':
        return e.mode !== s.context.settings.sortMode;
      case 'config.sortDirection':
        return e.direction !== s.context.settings.sortDirection;
      case 'config.search':
        return e.text !== s.context.search;
      case 'config.move':
        return (
          s.context.settings.sortMode === 'CUSTOM' && s.context.search === '' && bakeryIndex(s) !== e.toIndex
        );
      default:
        return true;
    }
  },
};

/** What the operator did in the dialog and what the server answered, and what SPEC §4/§5 make of it. */
interface ConfigWorld extends SavingDialogWorld {
  server: DeviceConfigurationServer;
  /** The text of every name field, by key. */
  labels: Record<string, string>;
  /** Top-level keys in custom order (the order each gets is its index). */
  custom: string[];
  settings: SortSettings;
  search: string;
  expectedSaves: DeviceConfigurationSave[];
}

const everyEntry = (items: DeviceTreeItem[]): { key: string; name: string; label: string | null }[] =>
  items.flatMap((item) => [
    { key: item.key, name: item.name, label: item.configuration?.label ?? null },
    ...item.departments.map((d) => ({ key: d.key, name: d.name, label: d.configuration?.label ?? null })),
    ...everyEntry(item.devices),
  ]);

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const shownName = (world: ConfigWorld, item: DeviceTreeItem) => world.labels[item.key]!.trim() || item.name;

/** SPEC §4: the top-level items in the dialog's order (custom order or by name, in the chosen direction). */
function sorted(world: ConfigWorld): DeviceTreeItem[] {
  const byKey = (key: string) => deviceTree.find((item) => item.key === key)!;
  const ascending =
    world.settings.sortMode === 'CUSTOM'
      ? world.custom.map(byKey)
      : [...deviceTree].sort(
          (a, b) =>
            collator.compare(shownName(world, a), shownName(world, b)) ||
            world.custom.indexOf(a.key) - world.custom.indexOf(b.key),
        );
  return world.settings.sortDirection === 'ASC' ? ascending : ascending.reverse();
}

/** SPEC §4 search: an item shows when its name, hexacode, a department or a member matches. */
function shown(world: ConfigWorld): DeviceTreeItem[] {
  const needle = world.search.trim().toLowerCase();
  const texts = (item: DeviceTreeItem): string[] => [
    world.labels[item.key]!,
    item.name,
    item.hexacode,
    ...item.departments.flatMap((d) => [world.labels[d.key]!, d.name]),
    ...item.devices.flatMap(texts),
  ];
  return sorted(world).filter((item) => texts(item).some((text) => text.toLowerCase().includes(needle)));
}

/** The body SPEC §7 sends: a label equal to the own name, or empty, is stored as null. */
function expectedSave(world: ConfigWorld): DeviceConfigurationSave {
  const entry = (key: string, name: string) => {
    const label = world.labels[key]!.trim();
    return { key, label: label === '' || label === name ? null : label };
  };
  return {
    settings: world.settings,
    devices: sorted(world).map((item) => ({
      rawHexacode: item.rawHexacode,
      key: item.key,
      order: world.custom.indexOf(item.key),
      data: everyEntry([item]).map(({ key, name }) => entry(key, name)),
    })),
  };
}

async function start(inspect: (event: InspectionEvent) => void): Promise<ConfigWorld> {
  storeSession(operatorSession);
  // The sidebar names devices by their names, not their hexacodes, so it shows what the dialog saved.
  server.use(accountSettingsHandler({ showHexacodesAsDeviceNames: false }));
  const world: ConfigWorld = {
    user: userEvent.setup({ delay: null }),
    server: deviceConfigurationServer(deviceTree),
    toasts: toastsShown(),
    labels: Object.fromEntries(everyEntry(deviceTree).map((e) => [e.key, e.label ?? e.name])),
    custom: [...deviceTree].sort((a, b) => a.order - b.order).map((item) => item.key),
    settings: { sortMode: 'NAME', sortDirection: 'ASC' },
    search: '',
    expectedSaves: [],
    expectedToasts: [],
    dialog: 'open',
    cancels: 0,
  };
  renderProduct('/', { inspect });
  // The dialog edits the tree the sidebar holds: it opens from the account menu once the tree is shown.
  await screen.findByRole('treeitem', { name: /Bakery/ });
  await world.user.click(screen.getByRole('button', { name: /^Account menu/ }));
  await world.user.click(await screen.findByRole('menuitem', { name: 'Device configuration' }));
  await screen.findByRole('dialog', { name: 'Device configuration' });
  return world;
}

const dialog = () => screen.getByRole('dialog', { name: 'Device configuration' });
const inDialog = () => within(dialog());
const bakeryField = () =>
  inDialog().getByRole<HTMLInputElement>('textbox', { name: 'Device name of Bakery' });
const searchBox = () => inDialog().getByRole<HTMLInputElement>('searchbox', { name: 'Search devices' });
const rows = () => [...inDialog().getByRole('list', { name: 'Devices' }).children] as HTMLElement[];
const rowNames = () =>
  inDialog().queryByRole('list', { name: 'Devices' })
    ? rows().map((row) => within(row).getAllByRole<HTMLInputElement>('textbox')[0]!.value)
    : [];

async function choose(listbox: string, option: string, user: UserEvent) {
  await user.click(inDialog().getByRole('button', { name: listbox }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function play(event: ConfigModelEvent, world: ConfigWorld) {
  const { user } = world;
  const type: string = event.type;
  switch (event.type) {
    case 'config.rename':
      await user.clear(bakeryField());
      if (event.label) await user.type(bakeryField(), event.label);
      world.labels[event.key] = event.label;
      return;
    case 'config.sortMode':
      await choose('Sort by', event.mode === 'CUSTOM' ? 'Custom order' : 'Name', user);
      world.settings = { ...world.settings, sortMode: event.mode };
      return;
    case 'config.sortDirection':
      await choose('Direction', event.direction === 'ASC' ? 'Ascending' : 'Descending', user);
      world.settings = { ...world.settings, sortDirection: event.direction };
      return;
    case 'config.move': {
      // A mouse drag of the Bakery row dropped on the row at the target place (SPEC §4 drag and drop).
      const list = sorted(world);
      const from = list.findIndex((item) => item.key === event.key);
      fireEvent.dragStart(rows()[from]!, { dataTransfer: { effectAllowed: '' } });
      fireEvent.dragOver(rows()[event.toIndex]!);
      fireEvent.drop(rows()[event.toIndex]!);
      fireEvent.dragEnd(rows()[from]!);
      const [moved] = list.splice(from, 1);
      list.splice(event.toIndex, 0, moved!);
      const keys = list.map((item) => item.key);
      world.custom = world.settings.sortDirection === 'ASC' ? keys : keys.reverse();
      return;
    }
    case 'config.search':
      await user.clear(searchBox());
      if (event.text) await user.type(searchBox(), event.text);
      world.search = event.text;
      return;
    case 'config.save':
      await user.click(inDialog().getByRole('button', { name: 'Save' }));
      // SPEC §5: with a name missing nothing is sent, and the search is cleared to show every error.
      if (world.labels[BAKERY]!.trim() === '') world.search = '';
      else world.expectedSaves.push(expectedSave(world));
      return;
    case 'config.cancel':
      return cancelInTurn(world, dialog());
  }
  if (type === SAVED.type || type === SAVE_FAILED.type) await answerSave(world, type === SAVED.type, TOAST);
  else throw new Error(`No way to play ${type}`);
}

function sentAndSaid(world: ConfigWorld) {
  expect(world.server.saves, 'the saves sent').toEqual(world.expectedSaves);
  toastsAsExpected(world);
}

/** The dialog as the operator left it: rows in SPEC §4 order, each field's text, the search and the sorting. */
function dialogShown(world: ConfigWorld) {
  expect(world.dialog, 'where the path leaves the dialog').toBe('open');
  expect(rowNames()).toEqual(shown(world).map((item) => world.labels[item.key]));
  expect(bakeryField().value).toBe(world.labels[BAKERY]);
  expect(searchBox().value).toBe(world.search);
  const sortMode = world.settings.sortMode === 'CUSTOM' ? 'Custom order' : 'Name';
  expect(inDialog().getByRole('button', { name: 'Sort by' }).textContent).toBe(sortMode);
  const direction = world.settings.sortDirection === 'ASC' ? 'Ascending' : 'Descending';
  expect(inDialog().getByRole('button', { name: 'Direction' }).textContent).toBe(direction);
  // SPEC §5: the missing name is named on its field, which is marked invalid.
  const missing = world.labels[BAKERY]!.trim() === '';
  expect(inDialog().queryAllByText('Device name is required')).toHaveLength(missing ? 1 : 0);
  expect(bakeryField().getAttribute('aria-invalid')).toBe(missing ? 'true' : null);
}

/** The sidebar once the dialog closed (`how`): the top-level names the server holds (reloaded after a save). */
function sidebarShown(world: ConfigWorld, how: ConfigWorld['dialog']) {
  expect(world.dialog).toBe(how);
  expect(screen.queryByRole('dialog', { name: 'Device configuration' })).toBeNull();
  expect(world.server.waiting(), 'no save waits').toBe(false);
  const names = world.server
    .tree()
    .map((item) => item.configuration?.label ?? item.name)
    .sort();
  const tree = screen.getByRole('tree', { name: 'Devices' });
  const top = within(tree)
    .getAllByRole('treeitem')
    .filter((item) => item.getAttribute('aria-level') === '1')
    .map((item) => item.getAttribute('aria-label') ?? '');
  expect(top.map((label) => label.replace(/, online$/, '')).sort()).toEqual(names);
  sentAndSaid(world);
}

describeViewPaths(
  'device configuration, played in the dialog of the account menu',
  deviceConfigurationMachine,
  {
    model,
    start,
    play,
    states: {
      editing: (_, world) => {
        dialogShown(world);
        const canMove = world.settings.sortMode === 'CUSTOM' && world.search === '';
        const hint = 'Reordering is available in custom order without a search.';
        expect(inDialog().queryByText(hint) === null, 'the reordering hint').toBe(canMove);
        expect(inDialog().queryAllByRole('button', { name: /^Move .* (up|down)$/ }).length > 0).toBe(canMove);
        expect(
          rows().every((row) => row.draggable === canMove),
          'rows draggable',
        ).toBe(true);
        expect(bakeryField().disabled).toBe(false);
        expect(searchBox().disabled).toBe(false);
        expect(inDialog().getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false);
        expect(inDialog().getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(false);
        expect(world.server.waiting(), 'no save waits').toBe(false);
        sentAndSaid(world);
      },
      saving: (_, world) => {
        dialogShown(world);
        // Everything waits for the server: the fields and buttons are disabled, the save button says so.
        expect(bakeryField().disabled).toBe(true);
        expect(searchBox().disabled).toBe(true);
        expect(inDialog().getByRole<HTMLButtonElement>('button', { name: 'Saving…' }).disabled).toBe(true);
        expect(inDialog().getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
        expect(
          inDialog()
            .queryAllByRole('button', { name: /^Move / })
            .every((b) => (b as HTMLButtonElement).disabled),
        ).toBe(true);
        expect(world.server.waiting(), 'the save waits for the server').toBe(true);
        sentAndSaid(world);
      },
      saved: (_, world) => sidebarShown(world, 'saved'),
      cancelled: (_, world) => sidebarShown(world, 'cancelled'),
    },
  },
);
