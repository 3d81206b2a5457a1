import * as v from 'valibot';
import { ErrorBody, int32 } from './common';
import { SortSettings } from './settings';
import { Annotation, BREAKPOINTS, requiredName, Widget } from './widgets';

const int = int32;
/** Orders are positions in a user's list: a million leaves room for any list and for "one after the last". */
export const MAX_ORDER = 1_000_000;
const order = v.pipe(
  int,
  v.minValue(0, 'Order must be at least 0'),
  v.maxValue(MAX_ORDER, `Order must be at most ${MAX_ORDER}`),
);
const id = v.pipe(v.string('Id is required'), v.nonEmpty('Id is required'));

/** A personal dashboard. `version` grows by one with every save, so a save from a stale copy is detected. */
export const Dashboard = v.object({
  id: v.string(),
  name: requiredName(),
  favorite: v.boolean(),
  order: int,
  groupId: v.nullable(v.string()),
  widgets: v.array(Widget),
  breakpoint: v.picklist(BREAKPOINTS),
  version: int,
});
export type Dashboard = v.InferOutput<typeof Dashboard>;

/** A dashboard as listed (GET /api/v2/dashboards/): everything but its widgets. */
export const DashboardSummary = v.omit(Dashboard, ['widgets']);
export type DashboardSummary = v.InferOutput<typeof DashboardSummary>;

export const DashboardGroup = v.object({
  id: v.string(),
  name: requiredName(),
  order: int,
  expanded: v.boolean(),
  /** Ids of its dashboards, by their order. */
  dashboards: v.array(v.string()),
});
export type DashboardGroup = v.InferOutput<typeof DashboardGroup>;

/** GET /api/v2/dashboards/ */
export const DashboardsList = v.object({
  dashboards: v.array(DashboardSummary),
  groups: v.array(DashboardGroup),
  /** The user's dashboardsSettings (sort mode and direction). */
  settings: SortSettings,
});
export type DashboardsList = v.InferOutput<typeof DashboardsList>;

/** POST /api/v2/dashboards/ */
export const DashboardCreate = v.object({
  name: requiredName(),
  favorite: v.optional(v.boolean(), false),
  order: v.optional(order),
});
export type DashboardCreate = v.InferOutput<typeof DashboardCreate>;

/** PUT /api/v2/dashboards/: the whole dashboard, with the version it was loaded at. */
export const DashboardUpdate = v.object({
  id,
  name: requiredName(),
  widgets: v.array(Widget),
  breakpoint: v.optional(v.picklist(BREAKPOINTS), 'lg'),
  groupId: v.optional(v.nullable(v.string()), null),
  version: v.pipe(v.number('Version is required'), v.integer(), v.maxValue(2_147_483_647)),
});
export type DashboardUpdate = v.InferOutput<typeof DashboardUpdate>;
export type DashboardUpdateInput = v.InferInput<typeof DashboardUpdate>;

/** 409 DASHBOARD_VERSION_CONFLICT: someone saved first; reload (currentVersion is the stored one). */
export const DashboardVersionConflict = v.object({ ...ErrorBody.entries, currentVersion: int });
export type DashboardVersionConflict = v.InferOutput<typeof DashboardVersionConflict>;

export const DashboardIdParams = v.object({ id: v.string() });

/** DELETE /api/v2/dashboards/{id}: the favorite afterwards (another one when the deleted one was it). */
export const DashboardDeleted = v.object({ id: v.string(), favoriteId: v.nullable(v.string()) });
export type DashboardDeleted = v.InferOutput<typeof DashboardDeleted>;

/** POST /api/v2/dashboards/{id}/rename?name= */
export const DashboardRenameQuery = v.object({ name: requiredName() });

/** POST /api/v2/dashboards/update-sorting-settings: id → its order and whether the id is a group's. */
export const DashboardsSorting = v.object({
  sortData: v.record(v.string(), v.object({ order, group: v.optional(v.boolean(), false) })),
  ...SortSettings.entries,
});
export type DashboardsSorting = v.InferOutput<typeof DashboardsSorting>;

/** POST (create) and PUT (update, id required) /api/v2/dashboards/groups */
export const DashboardGroupSave = v.object({
  id: v.optional(v.string()),
  name: requiredName(),
  order: v.optional(order, 0),
  expanded: v.optional(v.boolean()),
  /** Ids of the dashboards in the group: the others go back to the top level. */
  dashboardsData: v.optional(v.array(v.string()), []),
});
export type DashboardGroupSave = v.InferOutput<typeof DashboardGroupSave>;
export const DashboardGroupUpdate = v.object({ ...DashboardGroupSave.entries, id });

/** GET /api/v2/dashboards/groups/validate/name?id&name */
export const GroupNameValidationQuery = v.object({
  id: v.optional(v.string()),
  name: v.pipe(v.string('Name is required'), v.trim()),
});
export const GroupNameValidation = v.object({ valid: v.boolean() });
export type GroupNameValidation = v.InferOutput<typeof GroupNameValidation>;

/** POST /api/v2/dashboards/widgets: adds the widget, or replaces the one with its id. */
export const WidgetSave = v.object({
  dashboardId: id,
  widget: Widget,
  /** When given, a stale version is refused with 409 like a whole-dashboard save. */
  version: v.optional(int),
});
export type WidgetSave = v.InferOutput<typeof WidgetSave>;

/** POST /api/v2/dashboards/widgets/mark-area-elements?dashboard&widget, body: the widget's annotations. */
export const MarkAreaElementsQuery = v.object({ dashboard: id, widget: id });
export const MarkAreaElements = v.array(Annotation);
export type MarkAreaElements = v.InferOutput<typeof MarkAreaElements>;

/**
 * An import file (SPEC §4, §5): what GET /api/v2/dashboards/{id}/export answers. Only the name and the widgets
 * are read; the id, favorite, order and group of the file are ignored.
 */
export const DashboardImportFile = v.object({ name: requiredName(), widgets: v.array(Widget) });
export type DashboardImportFile = v.InferOutput<typeof DashboardImportFile>;

/**
 * POST /api/v2/dashboards/import: a new dashboard holding the (device-mapped) widgets, which get new ids;
 * `createBuffers` asks for buffers of the linked devices (kept for the history feature).
 */
export const DashboardImport = v.object({
  name: requiredName(),
  widgets: v.array(Widget),
  createBuffers: v.optional(v.boolean(), false),
});
export type DashboardImport = v.InferOutput<typeof DashboardImport>;
export type DashboardImportInput = v.InferInput<typeof DashboardImport>;
