import { act } from '@testing-library/react';
import * as v from 'valibot';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { DashboardEditorEvent } from '../../src/machines/dashboardEditor/dashboardEditor.events';
import { dashboardEditorMachine } from '../../src/machines/dashboardEditor/dashboardEditorMachine';
import type { WidgetDownloadRequest } from '../../src/machines/dashboardEditor/widgetDownload';
import type { LineValue } from '../../src/machines/socket/socket.events';
import { Dashboard, type OpenedDashboard, type PageTopic, type WidgetInput } from '#contracts';

/** A cold room evaporator (CC-410, department 1.0) and its page 1, as elements address it. */
export const coldRoom = { hexacode: '1A0105', department: 1, subDepartment: 0, pageNumber: 1 };
/** A freezer room on another device, same page. */
export const freezerRoom = { hexacode: '1A0106', department: 1, subDepartment: 0, pageNumber: 1 };

export const pageTopicOf = (address: typeof coldRoom, page = address.pageNumber): PageTopic => ({
  kind: 'page',
  hexacode: address.hexacode,
  department: address.department,
  subDepartment: address.subDepartment,
  page,
});

/** A widget of `type` on the 12-column grid with the given elements and fields (parsed by the contract). */
export const widgetOf = (
  type: WidgetInput['type'],
  elements: Record<string, unknown>[],
  fields: Record<string, unknown> = {},
): WidgetInput =>
  ({
    id: `w-${type}`,
    type,
    name: `${type} widget`,
    position: { i: `w-${type}`, x: 0, y: 0, w: 6, h: 6 },
    elements,
    ...fields,
  }) as WidgetInput;

/** A dashboard showing one widget. */
export const dashboardWith = (widget: WidgetInput): Dashboard =>
  v.parse(Dashboard, {
    id: 'd-widgets',
    name: 'Widgets',
    favorite: false,
    order: 1,
    groupId: null,
    breakpoint: 'lg',
    version: 1,
    widgets: [widget],
  });

/**
 * The real dashboard editor, loaded with `dashboard`; records the events it receives (to assert what a
 * renderer sends) and pushes live values as the socket would. Widget downloads asked for land in `downloads`.
 */
export async function startDashboard(dashboard: OpenedDashboard, downloads: WidgetDownloadRequest[] = []) {
  const received: { type: string }[] = [];
  const actor = createActor(
    dashboardEditorMachine.provide({
      actors: {
        loadDashboard: fromPromise(async (): Promise<OpenedDashboard> => dashboard),
        downloadWidget: fromPromise(async ({ input }: { input: WidgetDownloadRequest }) => {
          downloads.push(input);
        }),
      },
      actions: { notify: () => {} },
    }),
    {
      inspect: (inspection) => {
        if (inspection.type === '@xstate.event') received.push(inspection.event);
      },
    },
  ).start();
  actor.send({ type: 'dashboard.open', id: dashboard.id });
  await waitFor(actor, (snap) => snap.matches('loaded'));
  const push = (topic: PageTopic, lines: LineValue[]) =>
    act(() => {
      actor.send({ type: 'page.valuesPushed', topic, lines });
    });
  const editLineEvents = () =>
    received.filter(
      (event): event is Extract<DashboardEditorEvent, { type: 'dashboard.editLine' }> =>
        event.type === 'dashboard.editLine',
    );
  return { actor, push, editLineEvents };
}
