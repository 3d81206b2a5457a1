import type { Page } from 'playwright-core';
import { alarmBell } from './alarmBell';
import { editedDashboard } from '../../support/fixtures/dashboardEditorFixtures';
import {
  closeDialogs,
  fromAccountMenu,
  REFUSED_NAME,
  settled,
  shownDialog,
  sidebar,
  toastCoverage,
  uploadMapping,
  widgetAction,
} from './tourActions';
import {
  adminSession,
  favoriteDashboard,
  historyDashboard,
  raiseTourAlarm,
  setpointPage,
  TOUR_ALARM,
  type TourPlace,
} from './tourPlaces';

/** One dialog (or menu, toast, banner) of the tour, opened from its place as the demo tenant's admin. */
export interface TourStop {
  /** Names the stop in failure messages and screenshot files. */
  name: string;
  place: TourPlace;
  /** The dashboard is in edit mode first. */
  editing?: boolean;
  /** Opens what the stop shows; resolves once it is shown. */
  open(page: Page): Promise<unknown>;
  /** A CSS selector of what the checks look at: the open dialogs unless said. */
  scope: string;
  /** Back to the place as it was; by default Escape, as a keyboard user would, until no dialog or menu is open. */
  close?(page: Page): Promise<void>;
  /** What is wrong beyond what every stop is checked for, one line each. */
  problems?(page: Page): Promise<string[]>;
}

const DIALOGS = '[role="dialog"]';

const groupAction = async (page: Page, entry: string, title: string) => {
  await (await sidebar(page)).getByRole('button', { name: 'Group actions for Stores' }).click();
  await page.getByRole('menuitem', { name: entry }).click();
  await shownDialog(page, title);
};

const accountEntry = (entry: string, title = entry): TourStop => ({
  name: title,
  place: favoriteDashboard,
  scope: DIALOGS,
  open: async (page) => {
    await fromAccountMenu(page, entry);
    await shownDialog(page, title);
  },
});

const alarmsMenu = (page: Page) => alarmBell(page).click();
const chart = (page: Page) => page.getByRole('article').first();
const annotations = async (page: Page) => {
  await widgetAction(page, chart(page), /^Annotations of/);
  return shownDialog(page, /^Annotations of/);
};
const newAnnotation = async (page: Page) => {
  await (await annotations(page)).getByRole('button', { name: 'Add annotation' }).click();
  return shownDialog(page, 'New annotation');
};
const editButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();

/** A refused import's toast over the Upload dashboard dialog: it must show above the dialog's backdrop. */
function toastOverUpload(): TourStop {
  const refusal = 'The dashboard could not be imported';
  let coverage: string[] = [];
  return {
    name: 'toast over Upload dashboard',
    place: favoriteDashboard,
    scope: `${DIALOGS}, [aria-label="Notifications"]`,
    open: async (page) => {
      const wizard = await uploadMapping(page, []);
      await wizard.getByRole('textbox', { name: 'Dashboard name' }).fill(REFUSED_NAME);
      const shown = toastCoverage(page, refusal);
      await wizard.getByRole('button', { name: 'Import' }).click();
      coverage = await shown;
    },
    problems: async () => coverage,
  };
}

/** Every dialog, menu, toast and banner, in an order that leaves each place as few times as it can. */
const DIALOG_TOUR: readonly TourStop[] = [
  {
    name: 'account menu',
    place: favoriteDashboard,
    scope: '[role="menu"]',
    open: async (page) => {
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menu').waitFor();
    },
  },
  accountEntry('Create dashboard'),
  accountEntry('Upload dashboard'),
  // Its widgets read a device the demo tenant lacks: the step has a row to map.
  {
    name: 'Upload dashboard mapping',
    place: favoriteDashboard,
    scope: DIALOGS,
    open: (page) => uploadMapping(page, editedDashboard.widgets),
  },
  toastOverUpload(),
  accountEntry('Dashboard sorting settings', 'Dashboard sorting'),
  accountEntry('Dashboard groups', 'Create dashboards group'),
  accountEntry('Personal settings'),
  {
    name: 'Two-factor authentication',
    place: favoriteDashboard,
    scope: DIALOGS,
    open: async (page) => {
      await fromAccountMenu(page, 'Personal settings');
      const settings = await shownDialog(page, 'Personal settings');
      await settings.getByRole('checkbox', { name: 'Two-factor authentication' }).click();
      await shownDialog(page, 'Two-factor authentication');
    },
  },
  accountEntry('Device configuration'),
  accountEntry('Theme settings'),
  accountEntry('Users'),
  accountEntry('Switch account'),
  accountEntry('Alarm health'),
  accountEntry('Alarm escalation'),
  accountEntry('Audit trail'),
  accountEntry('Report a bug'),
  accountEntry('Request a feature'),
  {
    name: 'Edit dashboards group',
    place: favoriteDashboard,
    scope: DIALOGS,
    open: (page) => groupAction(page, 'Edit group', 'Edit dashboards group'),
  },
  {
    name: 'Delete group',
    place: favoriteDashboard,
    scope: DIALOGS,
    open: (page) => groupAction(page, 'Delete group', 'Delete group'),
  },
  {
    name: 'alarms menu',
    place: favoriteDashboard,
    scope: '[aria-label="Alarms"]',
    open: async (page) => {
      await alarmsMenu(page);
      await page.getByRole('button', { name: `Acknowledge ${TOUR_ALARM}` }).waitFor();
    },
    close: async (page) => {
      await page.keyboard.press('Escape');
      await page.getByRole('list', { name: 'Alarms' }).waitFor({ state: 'detached' });
    },
  },
  ...(
    [
      ['Alarm history', 'Alarm history'],
      ['Acknowledge alarm', `Acknowledge ${TOUR_ALARM}`],
      // Chromium in the tests answers no to the permission: the app explains how to allow notifications.
      ['Notifications blocked', 'Test notification'],
    ] as const
  ).map(([title, entry]) => ({
    name: title,
    place: favoriteDashboard,
    scope: DIALOGS,
    open: async (page: Page) => {
      await alarmsMenu(page);
      await page.getByRole('button', { name: entry }).click();
      await shownDialog(page, title);
    },
  })),
  ...['Rename dashboard', 'Delete dashboard', 'Add widget'].map((title) => ({
    name: title,
    place: favoriteDashboard,
    editing: true,
    scope: DIALOGS,
    open: async (page: Page) => {
      await editButton(page, title);
      await shownDialog(page, title);
    },
  })),
  {
    name: 'Widget details',
    place: favoriteDashboard,
    editing: true,
    scope: DIALOGS,
    open: async (page) => {
      await widgetAction(page, chart(page), /^Edit widget/);
      await shownDialog(page, 'Widget details');
    },
  },
  {
    name: 'Widget element',
    place: favoriteDashboard,
    editing: true,
    scope: DIALOGS,
    open: async (page) => {
      await editButton(page, 'Add widget');
      const dialog = await shownDialog(page, 'Add widget');
      await dialog.getByRole('button', { name: 'Widget type', exact: true }).click();
      await page.getByRole('option', { name: 'Lines' }).click();
      await dialog.getByRole('button', { name: 'Edit element 1' }).click();
      // Shown once its devices have loaded: Save waits for them.
      const element = await shownDialog(page, 'Widget element');
      await element.getByRole('button', { name: 'Save' }).and(element.locator(':enabled')).waitFor();
    },
  },
  // The last stop in edit mode: discarding the change leaves it.
  {
    name: 'Unsaved changes',
    place: favoriteDashboard,
    editing: true,
    scope: DIALOGS,
    open: async (page) => {
      await widgetAction(page, chart(page), /^Delete widget/);
      await editButton(page, 'Done');
      await shownDialog(page, 'Unsaved changes');
    },
    close: (page) => page.getByRole('button', { name: 'Discard' }).click(),
  },
  {
    name: 'Range',
    place: historyDashboard,
    scope: DIALOGS,
    open: async (page) => {
      await widgetAction(page, chart(page), /^Range shown by/);
      await shownDialog(page, /^Range shown by/);
    },
  },
  { name: 'Annotations', place: historyDashboard, scope: DIALOGS, open: annotations },
  { name: 'New annotation', place: historyDashboard, scope: DIALOGS, open: newAnnotation },
  {
    name: 'Colour',
    place: historyDashboard,
    scope: DIALOGS,
    open: async (page) => {
      await (await newAnnotation(page)).getByRole('button', { name: /^Colour/ }).click();
      await shownDialog(page, 'Colour');
    },
  },
  {
    name: 'Line details',
    place: setpointPage,
    scope: DIALOGS,
    open: async (page) => {
      await page.getByRole('button', { name: 'Air temperature setpoint' }).click();
      await shownDialog(page, 'Line details');
    },
  },
  // Last: the live connections come back after the tour has no more use of them.
  {
    name: 'offline banner',
    place: setpointPage,
    scope: '[role="alert"]',
    open: async (page) => {
      await page.context().setOffline(true);
      await page.getByRole('alert').filter({ hasText: 'There is no internet connection' }).waitFor();
    },
    close: async (page) => {
      await page.context().setOffline(false);
      await page.getByRole('alert').waitFor({ state: 'detached' });
    },
  },
];

/**
 * Walks the tour: at each stop, once it shows, `visit` checks it; the stop is closed before the next. The tour's
 * alarm is raised for the walk and cleared after it.
 */
export async function walkTour(page: Page, visit: (stop: TourStop) => Promise<void>): Promise<void> {
  const session = await adminSession();
  const clearAlarm = await raiseTourAlarm(session);
  let place: TourPlace | undefined;
  let editing = false;
  try {
    for (const stop of DIALOG_TOUR) {
      if (stop.place !== place || (editing && !stop.editing)) {
        await stop.place.go(page, session);
        [place, editing] = [stop.place, false];
      }
      if (stop.editing && !editing) {
        await editButton(page, 'Edit dashboard');
        await page.getByRole('button', { name: 'Done', exact: true }).waitFor();
        editing = true;
      }
      await stop.open(page);
      await settled(page, stop.scope);
      await visit(stop);
      await (stop.close ?? closeDialogs)(page);
    }
  } finally {
    await clearAlarm();
  }
}
