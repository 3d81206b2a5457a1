import type { Dashboard, WidgetElement } from '#contracts';
import type { AuthSession } from '../auth/service';
import type { DevicesService } from '../devices/service';
import type { PageOfDevice } from '../devices/line-reading';

/** What a dashboard needs of the devices module to name its lines; absent without the device runtime. */
export type LineNamer = Pick<DevicesService, 'lineNames'>;

const pageOf = (e: WidgetElement): PageOfDevice | null =>
  e.hexacode != null && e.department != null && e.subDepartment != null && e.pageNumber != null
    ? { hexacode: e.hexacode, department: e.department, subDepartment: e.subDepartment, page: e.pageNumber }
    : null;

/**
 * The dashboard with each element's `dataName` as its line is called now in the reader's language. An element
 * keeps the name it was made with in the language of whoever made it; the widgets show the line's name unless
 * the element has its own label, so a German operator reads German names on a dashboard built in English (or
 * imported from a colleague). An element whose line is not found keeps its stored name.
 */
export async function withLineNames(
  namer: LineNamer | undefined,
  session: AuthSession,
  dashboard: Dashboard,
): Promise<Dashboard> {
  const elements = dashboard.widgets.flatMap((widget) => widget.elements as WidgetElement[]);
  const pages = elements.map(pageOf).filter((page) => page !== null);
  if (!namer || pages.length === 0) return dashboard;
  const nameOf = await namer.lineNames(session, pages);
  const named = (e: WidgetElement): WidgetElement => {
    const page = pageOf(e);
    const name = page && e.lineNumber != null ? nameOf(page, e.lineNumber) : undefined;
    return name === undefined ? e : { ...e, dataName: name };
  };
  return {
    ...dashboard,
    widgets: dashboard.widgets.map((widget) => ({
      ...widget,
      elements: (widget.elements as WidgetElement[]).map(named),
    })) as Dashboard['widgets'],
  };
}
