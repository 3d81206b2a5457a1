import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import type { Dashboard } from '#contracts';
import { DEFAULT_ACCOUNT_SETTINGS, ErrorBody, Widget, type AccountSettings, type Session } from '#contracts';
import { storeSession } from '../dom/renderApp';
import { server } from '../../ui/setup';
import { overviewWith } from '../fixtures/dashboardEditorFixtures';
import { dashboardsList } from '../fixtures/dashboardFixtures';
import { dashboardHandlers } from '../servers/dashboardHandlers';
import { deviceTree, operatorSession, pages } from '../fixtures/fixtures';
import { historyHandler } from '../servers/historyHandlers';
import { renderProduct } from '../paths/viewPaths';
import { roomBuffer, roomLines, savedLineWidget } from '../fixtures/widgetEditorFixtures';

/** The device lists the element step asks for, in pick order. */
export type DeviceList = 'devices' | 'names' | 'pages' | 'lines';

const ENDPOINTS: Record<DeviceList, { method: 'get' | 'post'; path: string; answer: () => JsonBodyType }> = {
  devices: { method: 'get', path: '*/api/v2/devices/', answer: () => deviceTree },
  names: {
    method: 'post',
    path: '*/api/v2/devices/departments/names',
    answer: () => [
      { key: '0A0B0C-1-0', name: 'Room 1', status: 'ON', configuration: null },
      { key: '0A0B0C-2-0', name: 'Freezer', status: 'OFF', configuration: null },
    ],
  },
  pages: {
    method: 'post',
    path: '*/api/v2/devices/departments/pages',
    answer: () => ({ status: 'OK', pages }),
  },
  lines: {
    method: 'post',
    path: '*/api/v2/devices/pages/lines*',
    answer: () => ({ status: 'OK', lines: roomLines }),
  },
};

/**
 * The devices API behind the element step: Cold room (0A0B0C) with 'Room 1' and 'Freezer', pages Overview and
 * Setpoints, lines 1 and 2 recorded by PC number 1's buffer. Answered at once, or once held, when the path answers.
 */
export function deviceServer() {
  let hold = false;
  const held: { list: DeviceList; respond: (response: Response) => void }[] = [];
  const handlers = (Object.keys(ENDPOINTS) as DeviceList[]).map((list) => {
    const { method, path, answer } = ENDPOINTS[list];
    return http[method](path, () => {
      if (!hold) return HttpResponse.json(answer());
      return new Promise<Response>((respond) => held.push({ list, respond }));
    });
  });
  return {
    handlers,
    /** From now on, requests wait for `answer` (the sidebar's own tree was answered before). */
    hold: () => void (hold = true),
    /** How many requests of `list` wait for an answer. */
    waiting: (list: DeviceList) => held.filter((each) => each.list === list).length,
    /** Answers the oldest held request of `list`: its list, or a server error. */
    async answer(list: DeviceList, ok: boolean) {
      await vi.waitFor(() =>
        expect(
          held.some((each) => each.list === list),
          `${list} asked`,
        ).toBe(true),
      );
      const index = held.findIndex((each) => each.list === list);
      const [request] = held.splice(index, 1);
      const body = { statusCode: 500, code: 'INTERNAL', error: 'Internal', message: 'Down' };
      request!.respond(
        ok
          ? HttpResponse.json(ENDPOINTS[list].answer())
          : HttpResponse.json(v.parse(ErrorBody, body), { status: 500 }),
      );
    },
  };
}
export type DeviceServer = ReturnType<typeof deviceServer>;

/** A LINE_CHART of Cold room › Room 1 › line 1 reading PC number 1's buffer (every 300 s since 1 March). */
export const roomChart: Widget = v.parse(Widget, {
  ...savedLineWidget,
  id: 'w-chart',
  type: 'LINE_CHART',
  name: 'Room chart',
  position: { i: 'w-chart', x: 6, y: 0, w: 6, h: 6 },
  elements: savedLineWidget.elements.map((element) => ({
    ...element,
    useDefaultPcNumber: true,
    buffer: { status: 'OK', ...roomBuffer },
    availableBuffers: [roomBuffer],
  })),
});

/** The default colour of 'Room values' (green, from the palette). */
export const ROOM_VALUES_COLOUR = '#4CAF50';

/** Overview: the LINE widget 'Room values' (green) and the LINE_CHART 'Room chart', both on Cold room's Room 1. */
const roomOverview: Dashboard = overviewWith([
  { ...savedLineWidget, defaultColor: ROOM_VALUES_COLOUR },
  roomChart,
]);

export interface EditModeOptions {
  inspect: (event: InspectionEvent) => void;
  devices: DeviceServer;
  session?: Session;
  settings?: AccountSettings;
}

/** Signs in, opens Overview and enters edit mode: the user can add a widget or open one's details. */
export async function openEditMode({
  inspect,
  devices,
  session = operatorSession,
  settings = DEFAULT_ACCOUNT_SETTINGS,
}: EditModeOptions): Promise<UserEvent> {
  server.use(
    historyHandler().handler,
    http.get('*/api/v2/account/settings', () => HttpResponse.json(settings)),
    http.get('*/api/v2/dashboards/d-overview', () => HttpResponse.json(roomOverview)),
    ...devices.handlers,
    ...dashboardHandlers(dashboardsList).handlers,
  );
  storeSession(session);
  renderProduct('/dashboard/d-overview', { inspect });
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'Edit dashboard' }));
  return user;
}

/** Chooses `option` in the list box named `list`. */
export async function choose(user: UserEvent, list: string, option: string) {
  await user.click(screen.getByRole('button', { name: list }));
  await user.click(
    within(await screen.findByRole('listbox', { name: list })).getByRole('option', { name: option }),
  );
}

/** Replaces the text of the text box named `name` (clearing it first); an empty text only clears. */
export async function retype(user: UserEvent, name: string, text: string) {
  const box = screen.getByRole('textbox', { name });
  await user.clear(box);
  if (text) await user.type(box, text);
}

export const dialogNamed = (name: string) => screen.getByRole('dialog', { name });

/** Waits until the element step loads nothing (its devices, or a list of the pick chain). */
export const elementSettled = () =>
  vi.waitFor(() => expect(within(dialogNamed('Widget element')).queryByRole('status')).toBeNull());

/** Picks Cold room › Room 1 › page 1 › `line` in the element step, each list once it has loaded. */
export async function pickRoomLine(user: UserEvent, line = 'Line 1') {
  for (const [list, option] of [
    ['Device', 'Cold room (0A0B0C)'],
    ['Department', 'Room 1'],
    ['Page', '1 Overview'],
    ['Line', line],
  ] as const) {
    await elementSettled();
    await choose(user, list, option);
  }
  await elementSettled();
}

/** Opens the details of the widget named `widget`, then its element `number` (or a new one), loaded. */
export async function openElement(user: UserEvent, widget: string, number: number | 'new') {
  await user.click(await screen.findByRole('button', { name: `Edit widget ${widget}` }));
  const details = await screen.findByRole('dialog', { name: 'Widget details' });
  const name = number === 'new' ? 'Add element' : `Edit element ${number}`;
  await user.click(within(details).getByRole('button', { name }));
  await screen.findByRole('dialog', { name: 'Widget element' });
  await elementSettled();
}

/** The assertion of a state its machine leaves at once (an eventless choice): the view never rests in it. */
export const transient = (name: string) => () => {
  throw new Error(`${name} is left at once: the view never rests in it`);
};
