import * as v from 'valibot';
import { expect, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import {
  Dashboard,
  DashboardsList,
  DashboardUpdate,
  DashboardVersionConflict,
  ErrorBody,
  MarkAreaElements,
  WidgetDownloadBody,
  type OpenedDashboard,
} from '#contracts';
import { defrost } from '../fixtures/annotationFixtures';
import { editedDashboard, freezerPage } from '../fixtures/dashboardEditorFixtures';
import { summary } from '../fixtures/dashboardFixtures';
import { dashboardHandlers } from '../servers/dashboardHandlers';
import { heldEndpoint } from '../servers/devicePageServer';
import { historyHandler } from '../servers/historyHandlers';
import { coldRoom, widgetOf } from '../fixtures/widgetFixtures';

/**
 * What the path tests of the dashboard editor tell dashboards apart by: the name, which widgets it has and how
 * they are laid out, the Freezer line's name and whether Room chart still carries its annotation. The model's
 * loads and saves answer one dashboard of each shape; the server's copy and the view are compared by shape.
 */
export interface Shape {
  name: string;
  chiller: boolean;
  /** Chiller line dragged to the top left corner, the Freezer line pushed below it. */
  moved: boolean;
  freezerRenamed: boolean;
  annotated: boolean;
}

/**
 * Overview's names: as stored when the paths start (`listed` is the list's, loaded at sign-in before someone
 * renamed it elsewhere), as typed in edit mode's rename, and as renamed from the list.
 */
export const NAMES = {
  original: 'Overview',
  listed: 'Old overview',
  prompt: 'Night shift',
  list: 'Cold store',
} as const;
const FREEZER = { original: 'Freezer line', renamed: 'Freezer cabinet' } as const;
export const CHILLER = 'Chiller line';
export const CHART = 'Room chart';
export const ORIGINAL: Shape = {
  name: NAMES.original,
  chiller: true,
  moved: false,
  freezerRenamed: false,
  annotated: true,
};

/** Where the grid puts the two line widgets once Chiller line is dragged to the top left corner. */
const MOVED_POSITIONS = { 'w-1': { x: 0, y: 4 }, 'w-2': { x: 0, y: 0 } };

const [freezerWidget, storedChiller] = editedDashboard.widgets;
/** The Chiller line with a spare line whose page was never picked: it reads nothing live. */
const chillerWidget = {
  ...storedChiller!,
  elements: [...storedChiller!.elements, { id: 'e-spare', ...freezerPage, pageNumber: null, lineNumber: 4 }],
};
const placed = <W extends { id: string; position: object }>(widget: W, shape: Shape): W => {
  const moved = shape.moved ? MOVED_POSITIONS[widget.id as keyof typeof MOVED_POSITIONS] : {};
  return { ...widget, position: { ...widget.position, ...moved } };
};

/** The Freezer line (line edit on, as SPEC §2 lets a LINE widget) as a dashboard of `shape` holds it. */
export const freezerOf = (shape: Shape) => ({
  ...placed(freezerWidget!, shape),
  enableLineEdit: true,
  name: shape.freezerRenamed ? FREEZER.renamed : FREEZER.original,
});

/** The dashboard of a shape: Freezer line, Chiller line, and Room chart with its defrost annotation. */
export function dashboardOf(shape: Shape, version = editedDashboard.version): Dashboard {
  const chart = widgetOf('LINE_CHART', [{ id: 'air', ...coldRoom, lineNumber: 1, name: 'Air' }], {
    id: 'w-chart',
    name: CHART,
    position: { i: 'w-chart', x: 6, y: 0, w: 6, h: 6 },
    markAreaElements: shape.annotated ? [defrost] : [],
  });
  const lines = [freezerOf(shape), ...(shape.chiller ? [placed(chillerWidget, shape)] : [])];
  return v.parse(Dashboard, { ...editedDashboard, name: shape.name, version, widgets: [...lines, chart] });
}

export function shapeOf(dashboard: OpenedDashboard): Shape {
  const widget = (id: string) => dashboard.widgets.find((each) => each.id === id);
  const chiller = widget('w-2');
  const chart = widget('w-chart') as { markAreaElements?: unknown[] } | undefined;
  return {
    name: dashboard.name,
    chiller: chiller !== undefined,
    moved: chiller?.position.y === MOVED_POSITIONS['w-2'].y && chiller.position.x === 0,
    freezerRenamed: widget('w-1')?.name === FREEZER.renamed,
    annotated: (chart?.markAreaElements?.length ?? 0) > 0,
  };
}

export const shapeKey = (shape: Shape) => JSON.stringify(shape);

/**
 * Every shape a path can make: the original, and each single change (a path saves at most one change, so the
 * model's loads and saves answer one of these).
 */
export const SHAPES: Shape[] = [
  ORIGINAL,
  { ...ORIGINAL, moved: true },
  { ...ORIGINAL, chiller: false },
  { ...ORIGINAL, freezerRenamed: true },
  { ...ORIGINAL, name: NAMES.prompt },
  { ...ORIGINAL, name: NAMES.list },
  { ...ORIGINAL, annotated: false },
];

/** The pages a dashboard of any shape reads live (the Freezer line's and Room chart's), as hexacode/dep/sub/page. */
export const LIVE_PAGES = [freezerPage, coldRoom]
  .map(
    ({ hexacode, department, subDepartment, pageNumber }) =>
      `${hexacode}/${department}/${subDepartment}/${pageNumber}`,
  )
  .sort();

/** The widget names shown, in the grid's order. */
export const widgetNames = (shape: Shape) => [
  shape.freezerRenamed ? FREEZER.renamed : FREEZER.original,
  ...(shape.chiller ? [CHILLER] : []),
  CHART,
];

/**
 * The server of the dashboard view: the dashboards list (Overview only), Overview's loads and saves held until
 * the path answers them, renames from the list, widget downloads, history, annotations and line reads.
 */
export function dashboardServer() {
  const server = {
    /** The copy the server stores, and its version. */
    stored: ORIGINAL,
    version: editedDashboard.version,
    loads: heldEndpoint(() => undefined),
    saves: heldEndpoint((body) => v.parse(DashboardUpdate, body)),
    lineReads: heldEndpoint(() => undefined),
    downloads: [] as { exportType: string | null; body: WidgetDownloadBody }[],
    annotationSaves: [] as MarkAreaElements[],
  };
  const list = v.parse(DashboardsList, {
    dashboards: [summary('d-overview', NAMES.listed, { favorite: true })],
    groups: [],
    settings: { sortMode: 'CUSTOM', sortDirection: 'ASC' },
  });
  const handlers = [
    http.get('*/api/v2/dashboards/d-overview', server.loads.respond),
    http.put('*/api/v2/dashboards/', server.saves.respond),
    // A rename from the list answers the stored copy under its new name (SPEC §4).
    http.post('*/api/v2/dashboards/d-overview/rename', ({ request }) => {
      server.stored = { ...server.stored, name: new URL(request.url).searchParams.get('name') ?? '' };
      return HttpResponse.json(dashboardOf(server.stored, server.version));
    }),
    http.post('*/api/v2/dashboards/widgets/download', async ({ request }) => {
      const exportType = new URL(request.url).searchParams.get('exportType');
      server.downloads.push({ exportType, body: v.parse(WidgetDownloadBody, await request.json()) });
      return new HttpResponse('line,value\n1,-18.5\n', {
        headers: { 'content-disposition': 'attachment; filename="Freezer line.csv"' },
      });
    }),
    http.post('*/api/v2/dashboards/widgets/mark-area-elements', async ({ request }) => {
      const annotations = v.parse(MarkAreaElements, await request.json());
      server.annotationSaves.push(annotations);
      server.stored = { ...server.stored, annotated: annotations.length > 0 };
      return HttpResponse.json(annotations);
    }),
    // The Freezer line's reads (device 00A1) are held; the device page the path starts on reads its own.
    http.post('*/api/v2/devices/pages/lines', async (info) => {
      const { hexacode } = (await info.request.clone().json()) as { hexacode?: string };
      return hexacode === freezerPage.hexacode ? server.lineReads.respond(info) : undefined;
    }),
    historyHandler().handler,
    ...dashboardHandlers(list).handlers,
  ];
  // The same object the handlers write to: a copy would miss a rename or an annotation the server took.
  return Object.assign(server, { handlers });
}
export type DashboardServer = ReturnType<typeof dashboardServer>;

const errorBody = (statusCode: number, code: string) =>
  v.parse(ErrorBody, { statusCode, code, error: code, message: code });

/** The held load answered: the stored copy, or a server error. */
export async function answerLoad(server: DashboardServer, ok: boolean) {
  await server.loads.answer(
    ok
      ? HttpResponse.json(dashboardOf(server.stored, server.version))
      : HttpResponse.json(errorBody(500, 'INTERNAL'), { status: 500 }),
  );
}

/** The held save answered: stored (version + 1), refused as stale (someone saved version + 1), or failed. */
export async function answerSave(server: DashboardServer, answer: 'saved' | 'conflict' | 'failed') {
  const sent = server.saves.requests.at(-1)!;
  if (answer === 'failed') {
    await server.saves.answer(HttpResponse.json(errorBody(500, 'INTERNAL'), { status: 500 }));
    return;
  }
  server.version++;
  if (answer === 'conflict') {
    const body = { ...errorBody(409, 'VERSION_CONFLICT'), currentVersion: server.version };
    await server.saves.answer(HttpResponse.json(v.parse(DashboardVersionConflict, body), { status: 409 }));
    return;
  }
  server.stored = shapeOf(v.parse(Dashboard, { ...sent, favorite: true, order: 0 }));
  await server.saves.answer(HttpResponse.json(dashboardOf(server.stored, server.version)));
}

/** A line read of the line edit answered with a server error (the line edit ends with a notice). */
export const failLineRead = (server: DashboardServer) =>
  server.lineReads.answer(HttpResponse.json(errorBody(500, 'INTERNAL'), { status: 500 }));

/** Files the browser was handed (jsdom has no object URLs: the anchor's download name is recorded). */
export function savedFiles() {
  const names: string[] = [];
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = () => 'blob:widget';
  URL.revokeObjectURL = () => {};
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return {
    names,
    stop() {
      click.mockRestore();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    },
  };
}

/** Every PUT sent, against the bodies the path expects (the draft at its loaded version, SPEC §7). */
export function expectSaves(server: DashboardServer, expected: { shape: Shape; version: number }[]) {
  const sent = server.saves.requests.map((body) => ({
    shape: shapeOf(v.parse(Dashboard, { ...body, favorite: true, order: 0 })),
    version: body.version,
    id: body.id,
  }));
  expect(sent, 'the dashboards saved').toEqual(expected.map((each) => ({ ...each, id: 'd-overview' })));
}
