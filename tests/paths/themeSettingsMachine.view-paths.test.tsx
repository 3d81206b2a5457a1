import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { themeSettingsMachine } from '../../src/machines/themeSettings/themeSettingsMachine';
import { DEFAULT_ACCOUNT_SETTINGS } from '#contracts';
import type { ThemeSettings } from '#contracts/themeSettings';
import { storeSession } from '../support/dom/renderApp';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { operatorSession } from '../support/fixtures/fixtures';
import { modelEvents } from '../support/paths/modelEvents';
import { themeSettingsServer, type ThemeSettingsServer } from '../support/servers/themeSettingsServer';
import { describeViewPaths, renderProduct } from '../support/paths/viewPaths';
import { answerSave, cancelInTurn, type SavingDialogWorld } from '../support/worlds/savingDialogPath';
import { toastsAsExpected, toastsShown } from '../support/dom/toastsShown';

type ThemeModelEvent = Parameters<typeof themeSettingsMachine.transition>[1];
const { done, failed } = modelEvents<typeof themeSettingsMachine>();
const SAVED = done('saveTheme', {
  ...DEFAULT_ACCOUNT_SETTINGS,
  themeFont: 'MERRIWEATHER',
  themeSize: 'LARGE',
});
const SAVE_FAILED = failed('saveTheme', new Error('500'));

/** What the operator sees of each font and size the paths choose (SPEC §9: Large is 18 px). */
const FONT_NAME = { ROBOTO: 'Roboto', MERRIWEATHER: 'Merriweather' } as Record<string, string>;
const SIZE = {
  NORMAL: { label: 'Normal (16 px)', px: '16px' },
  LARGE: { label: 'Large (18 px)', px: '18px' },
} as Record<string, { label: string; px: string }>;
const TITLE = 'Theme settings';
const TOAST = { saved: 'Theme settings saved', failed: 'Could not save the theme settings' };

const model: ModelOptions<typeof themeSettingsMachine> = {
  input: { session: operatorSession, settings: DEFAULT_ACCOUNT_SETTINGS },
  events: [
    { type: 'themeSettings.chooseFont', font: 'MERRIWEATHER' },
    { type: 'themeSettings.chooseFont', font: 'ROBOTO' },
    { type: 'themeSettings.chooseSize', size: 'LARGE' },
    { type: 'themeSettings.chooseSize', size: 'NORMAL' },
    { type: 'themeSettings.save' },
    { type: 'themeSettings.cancel' },
    SAVED,
    SAVE_FAILED,
  ],
  serializeState: (s) => JSON.stringify({ value: s.value, theme: s.context.theme }),
  // While saving the user waits; in the dialog, a choice is made only when it changes something. The paths save or
  // cancel with both font and size changed, so the page shows whether the choice reached it (saved) or not.
  filterEvents: (s, e) => {
    const type: string = e.type;
    if (s.matches('saving')) return type.startsWith('xstate.');
    if (type.startsWith('xstate.')) return false;
    const { themeFont, themeSize } = s.context.theme;
    if (e.type === 'themeSettings.chooseFont') return e.font !== themeFont;
    if (e.type === 'themeSettings.chooseSize') return e.size !== themeSize;
    return (
      themeFont !== DEFAULT_ACCOUNT_SETTINGS.themeFont && themeSize !== DEFAULT_ACCOUNT_SETTINGS.themeSize
    );
  },
};

/** What the operator chose and what the server answered. */
interface ThemeWorld extends SavingDialogWorld {
  server: ThemeSettingsServer;
  chosen: ThemeSettings;
  expectedSaves: ThemeSettings[];
}

async function start(inspect: (event: InspectionEvent) => void): Promise<ThemeWorld> {
  storeSession(operatorSession);
  const world: ThemeWorld = {
    user: userEvent.setup({ delay: null }),
    server: themeSettingsServer(),
    toasts: toastsShown(),
    chosen: { themeFont: 'ROBOTO', themeSize: 'NORMAL' },
    expectedSaves: [],
    expectedToasts: [],
    dialog: 'open',
    cancels: 0,
  };
  renderProduct('/', { inspect });
  await world.user.click(await screen.findByRole('button', { name: /^Account menu/ }));
  await world.user.click(await screen.findByRole('menuitem', { name: TITLE }));
  await screen.findByRole('dialog', { name: TITLE });
  return world;
}

const inDialog = () => within(screen.getByRole('dialog', { name: TITLE }));
const fontButton = () => inDialog().getByRole<HTMLButtonElement>('button', { name: 'Font' });
const sizeRadio = (label: string) => inDialog().getByRole<HTMLInputElement>('radio', { name: label });
/** The preview's sample: the element that carries the chosen font and size. */
const sample = () =>
  inDialog().getByRole('region', { name: 'Preview' }).querySelector<HTMLElement>('[style]')!;

async function play(event: ThemeModelEvent, world: ThemeWorld) {
  const { user } = world;
  const type: string = event.type;
  switch (event.type) {
    case 'themeSettings.chooseFont':
      await user.click(fontButton());
      await user.click(await screen.findByRole('option', { name: FONT_NAME[event.font]! }));
      world.chosen = { ...world.chosen, themeFont: event.font };
      return;
    case 'themeSettings.chooseSize':
      await user.click(sizeRadio(SIZE[event.size]!.label));
      world.chosen = { ...world.chosen, themeSize: event.size };
      return;
    case 'themeSettings.save':
      await user.click(inDialog().getByRole('button', { name: 'Save' }));
      world.expectedSaves.push(world.chosen);
      return;
    case 'themeSettings.cancel':
      return cancelInTurn(world, screen.getByRole('dialog', { name: TITLE }));
  }
  if (type === SAVED.type || type === SAVE_FAILED.type) await answerSave(world, type === SAVED.type, TOAST);
  else throw new Error(`No way to play ${type}`);
}

/** The page itself wears the theme the server holds: the dialog's choice shows only in its preview until saved. */
function pageWears(world: ThemeWorld) {
  const { themeFont, themeSize } = world.server.stored();
  const root = document.documentElement;
  expect(root.style.fontSize, 'the root font size').toBe(SIZE[themeSize]!.px);
  expect(root.style.getPropertyValue('--app-font').startsWith(`${FONT_NAME[themeFont]}, `)).toBe(true);
  expect(world.server.saves, 'the saves sent').toEqual(world.expectedSaves);
  toastsAsExpected(world);
}

/** The dialog shows the choice: the font's name on the list, the size checked, and both on the preview. */
function dialogShows(world: ThemeWorld) {
  expect(world.dialog, 'where the path leaves the dialog').toBe('open');
  const { themeFont, themeSize } = world.chosen;
  expect(fontButton().textContent).toBe(FONT_NAME[themeFont]);
  for (const [size, { label }] of Object.entries(SIZE))
    expect(sizeRadio(label).checked, label).toBe(size === themeSize);
  expect(sample().style.fontFamily.startsWith(`${FONT_NAME[themeFont]}, `), 'the preview font').toBe(true);
  expect(sample().style.fontSize, 'the preview size').toBe(SIZE[themeSize]!.px);
  expect(sample().style.getPropertyValue('--theme-font-size')).toBe(SIZE[themeSize]!.px);
  pageWears(world);
}

function dialogClosed(world: ThemeWorld, how: ThemeWorld['dialog']) {
  expect(world.dialog).toBe(how);
  expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
  expect(world.server.waiting(), 'no save waits').toBe(false);
  pageWears(world);
}

describeViewPaths('theme settings, played in the dialog of the account menu', themeSettingsMachine, {
  model,
  start,
  play,
  states: {
    editing: (_, world) => {
      dialogShows(world);
      expect(fontButton().disabled).toBe(false);
      expect(sizeRadio(SIZE.NORMAL!.label).matches(':disabled')).toBe(false);
      expect(inDialog().getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false);
      expect(inDialog().getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(false);
      expect(world.server.waiting(), 'no save waits').toBe(false);
    },
    saving: (_, world) => {
      dialogShows(world);
      // Everything waits for the server: the choices and buttons are disabled, the save button says so.
      expect(fontButton().disabled).toBe(true);
      for (const { label } of Object.values(SIZE)) expect(sizeRadio(label).matches(':disabled')).toBe(true);
      expect(inDialog().getByRole<HTMLButtonElement>('button', { name: 'Saving…' }).disabled).toBe(true);
      expect(inDialog().getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
      expect(world.server.waiting(), 'the save waits for the server').toBe(true);
    },
    // Saved: the whole page wears the saved font and size at once, without a reload.
    saved: (_, world) => dialogClosed(world, 'saved'),
    cancelled: (_, world) => dialogClosed(world, 'cancelled'),
  },
});
