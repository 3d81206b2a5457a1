import * as v from 'valibot';
import { createActor, createMachine, type ActorRefFrom, type AnyEventObject } from 'xstate';
import type { dashboardEditorMachine } from '../../src/machines/dashboardEditor/dashboardEditorMachine';
import { Dashboard, type PageTopic } from '#contracts';

/** The device page the elements of editedDashboard read (as elements address it). */
export const freezerPage = { hexacode: '00A1', department: 1, subDepartment: 0, pageNumber: 1 };
/** The same page as a socket topic. */
export const freezerTopic = {
  kind: 'page' as const,
  hexacode: '00A1',
  department: 1,
  subDepartment: 0,
  page: 1,
};

/** The Overview dashboard as the server stores it (version 3, the favorite), with `widgets`, parsed by its contract. */
export const overviewWith = (widgets: unknown[]): Dashboard =>
  v.parse(Dashboard, {
    id: 'd-overview',
    name: 'Overview',
    favorite: true,
    order: 1,
    groupId: null,
    breakpoint: 'lg',
    version: 3,
    widgets,
  });

/** A dashboard with two LINE widgets side by side on the 12-column grid, parsed by its contract. */
export const editedDashboard: Dashboard = overviewWith([
  {
    id: 'w-1',
    type: 'LINE',
    name: 'Freezer line',
    position: { i: 'w-1', x: 0, y: 0, w: 3, h: 4 },
    elements: [
      { id: 'e-1', ...freezerPage, lineNumber: 1, name: 'Cabinet temperature' },
      { id: 'e-2', ...freezerPage, lineNumber: 2 },
    ],
  },
  {
    id: 'w-2',
    type: 'LINE',
    name: 'Chiller line',
    position: { i: 'w-2', x: 3, y: 0, w: 3, h: 4 },
    elements: [{ id: 'e-3', ...freezerPage, lineNumber: 3 }],
  },
]);

/** The layout of the dashboard as the grid reports it, with optional changes of one widget. */
export const layoutOf = (
  dashboard: Dashboard,
  changes: Record<string, Partial<Record<'x' | 'y' | 'w' | 'h', number>>> = {},
) => dashboard.widgets.map(({ id, position: { x, y, w, h } }) => ({ i: id, x, y, w, h, ...changes[id] }));

/**
 * A provided dashboard editor under a host that also runs a socket and a notifications actor that record what
 * they are sent, as the signed-in world does; the host hears a held logout's `session.logoutAllowed`.
 */
export function editorHost(editor: typeof dashboardEditorMachine) {
  const received: AnyEventObject[] = [];
  const notices: AnyEventObject[] = [];
  const recorder = (into: AnyEventObject[]) =>
    createMachine({ on: { '*': { actions: ({ event }) => into.push(event) } } });
  const host = createActor(
    createMachine({
      // The app's part in a held logout: it asks, and hears when the logout may go on.
      on: { 'session.logoutAllowed': { actions: ({ event }) => received.push(event) } },
      invoke: [
        { id: 'socket', src: recorder(received), systemId: 'socket' },
        { id: 'editor', src: editor, systemId: 'editorUnderTest' },
        { id: 'notifications', src: recorder(notices), systemId: 'notifications' },
      ],
    }),
  ).start();
  const actor = host.system.get('editorUnderTest') as ActorRefFrom<typeof dashboardEditorMachine>;
  /** The pages of the topics sent to the socket as `type` (socket.subscribe or socket.unsubscribe), in order. */
  const topics = (type: string) =>
    received.filter((event) => event.type === type).map((event) => (event.topic as PageTopic).page);
  return { actor, host, received, notices, topics };
}
