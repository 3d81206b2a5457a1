import * as v from 'valibot';
import { vi } from 'vitest';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { provideWidgetEditor } from '../../src/machines/widgetEditor/provideWidgetEditor';
import type { WidgetEditorInput } from '../../src/machines/widgetEditor/widgetEditor.events';
import type { widgetElementMachine } from '../../src/machines/widgetEditor/widgetElementMachine';
import type { Api } from '../../src/services/api';
import { Widget, type WidgetPosition } from '#contracts';
import { deviceTree, line, pages } from './fixtures';

/** Where the dashboard editor would put a new widget. */
export const newPosition: WidgetPosition = { i: 'new', x: 3, y: 0, w: 3, h: 4 };

/** The buffer of PC number 1 recording both lines: every 300 s since 1 March 2026 (the server lists it on the lines). */
export const roomBuffer = { pcNumber: 1, interval: 300, start: '2026-03-01T00:00:00.000Z' };

export const roomLines = [line(1, '4.0'), line(2, '3.5')].map((each) => ({
  ...each,
  availableBuffers: [roomBuffer],
}));

/** The devices API behind the element step: the fixtures' tree, 'Room' labelled 'Room 1', two lines. */
export function fakeDevicesApi() {
  return {
    getDeviceTree: vi.fn(() => Promise.resolve(deviceTree)),
    departmentNames: vi.fn<Api['departmentNames']>((query) =>
      Promise.resolve(
        query.map(({ key }) => ({
          key,
          name: key.endsWith('-1-0') ? 'Room 1' : 'Freezer',
          status: 'ON' as const,
          configuration: null,
        })),
      ),
    ),
    pages: vi.fn<Api['pages']>(() => Promise.resolve({ status: 'OK', pages })),
    lines: vi.fn<Api['lines']>(() => Promise.resolve({ status: 'OK', lines: roomLines })),
  };
}

export function startWidgetEditor(input: Partial<WidgetEditorInput> = {}) {
  const api = fakeDevicesApi();
  const actor = createActor(provideWidgetEditor(api), {
    input: { widget: null, position: newPosition, ...input },
  }).start();
  return { actor, api };
}

/** A saved LINE widget reading line 1 of Cold room's Room. */
export const savedLineWidget: Widget = v.parse(Widget, {
  id: 'widget-1',
  type: 'LINE',
  name: 'Room values',
  position: { i: 'widget-1', x: 0, y: 0, w: 3, h: 4 },
  elements: [
    {
      id: 'element-1',
      hexacode: '0A0B0C',
      rawHexacode: '0A0B0C',
      department: 1,
      subDepartment: 0,
      pageNumber: 1,
      lineNumber: 1,
      dataName: 'Line 1',
      label: 'Cold room · Room 1',
      unit: '°C',
    },
  ],
});

/** Waits until the element step has loaded the devices. */
export const devicesLoaded = (step: ActorRefFrom<typeof widgetElementMachine>) =>
  waitFor(step, (s) => s.matches('form'));

/** Waits until the element step's pick chain is not loading. */
export const addressSettled = (step: ActorRefFrom<typeof widgetElementMachine>) =>
  waitFor(step, (s) => s.matches({ form: { address: 'idle' } }));
