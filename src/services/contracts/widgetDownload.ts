import * as v from 'valibot';

/*
 * POST /api/v2/dashboards/widgets/download?exportType=CSV|JSON&fileName=… with body {dashboardId, widgetId}: the
 * widget's elements with their current values, as a CSV or JSON attachment.
 */

export const WIDGET_EXPORT_TYPES = ['CSV', 'JSON'] as const;
export type WidgetExportType = (typeof WIDGET_EXPORT_TYPES)[number];

export const WidgetDownloadQuery = v.object({
  exportType: v.picklist(WIDGET_EXPORT_TYPES, 'exportType must be CSV or JSON'),
  /** Without it, the widget's name; either way sanitised and given the type's extension. */
  fileName: v.optional(v.string()),
});
export type WidgetDownloadQuery = v.InferOutput<typeof WidgetDownloadQuery>;

const id = v.pipe(v.string('Id is required'), v.nonEmpty('Id is required'));
export const WidgetDownloadBody = v.object({ dashboardId: id, widgetId: id });
export type WidgetDownloadBody = v.InferOutput<typeof WidgetDownloadBody>;

/** One element of the widget with its line's current value. */
export const WidgetValueRow = v.object({
  /** The element's custom label, else the line's name. */
  label: v.string(),
  lineName: v.nullable(v.string()),
  device: v.nullable(v.string()),
  hexacode: v.nullable(v.string()),
  department: v.nullable(v.number()),
  subDepartment: v.nullable(v.number()),
  departmentName: v.nullable(v.string()),
  page: v.nullable(v.number()),
  line: v.nullable(v.number()),
  value: v.nullable(v.string()),
  unit: v.nullable(v.string()),
  status: v.string(),
});
export type WidgetValueRow = v.InferOutput<typeof WidgetValueRow>;

export const WidgetValues = v.object({
  dashboardId: v.string(),
  widget: v.object({ id: v.string(), name: v.string(), type: v.string() }),
  exportedAt: v.string(),
  elements: v.array(WidgetValueRow),
});
export type WidgetValues = v.InferOutput<typeof WidgetValues>;
