import type { TableWidget, WidgetElement } from '#contracts';

/** A header of the matrix: a device (hexacode, department, subDepartment) or a line (page, line). */
export interface MatrixHeader {
  kind: 'device' | 'line';
  /** 'hexacode/department/subDepartment' or 'page/line', as visibleRows and visibleColumns list them. */
  key: string;
  /** The first element of the header, which names it. */
  element: WidgetElement;
}

export interface TableMatrix {
  rows: MatrixHeader[];
  columns: MatrixHeader[];
  /** cells[row][column]: the element shown there, or null. */
  cells: (WidgetElement | null)[][];
}

type MatrixSettings = Pick<
  TableWidget,
  'elements' | 'dataPresentation' | 'visibleRows' | 'visibleColumns' | 'lineSelection'
>;

const deviceKey = (e: WidgetElement) => `${e.hexacode}/${e.department}/${e.subDepartment}`;
const lineKey = (e: WidgetElement) => `${e.pageNumber}/${e.lineNumber}`;

const addressed = (e: WidgetElement) =>
  e.hexacode !== null &&
  e.department !== null &&
  e.subDepartment !== null &&
  e.pageNumber !== null &&
  e.lineNumber !== null;

/** The distinct headers of `elements` by key, in order of first appearance. */
function headers(elements: WidgetElement[], kind: MatrixHeader['kind']): MatrixHeader[] {
  const byKey = new Map<string, MatrixHeader>();
  for (const element of elements) {
    const key = kind === 'device' ? deviceKey(element) : lineKey(element);
    if (!byKey.has(key)) byKey.set(key, { kind, key, element });
  }
  return [...byKey.values()];
}

/**
 * SPEC §3 TABLE: devices as rows and lines as columns (ROWS presentation: transposed), each cell the element
 * of that device and line. The line selection, visible rows and visible columns, when not empty, keep only
 * the elements, devices and lines they list. Elements are taken in their order; the first of a cell wins.
 */
export function buildTableMatrix(widget: MatrixSettings): TableMatrix {
  const only = (list: string[]) => (key: string) => list.length === 0 || list.includes(key);
  const selected = only(widget.lineSelection);
  const visibleDevice = only(widget.visibleRows);
  const visibleLine = only(widget.visibleColumns);
  const elements = widget.elements
    .filter((e) => addressed(e) && selected(e.id) && visibleDevice(deviceKey(e)) && visibleLine(lineKey(e)))
    .sort((a, b) => a.order - b.order);
  const devices = headers(elements, 'device');
  const lines = headers(elements, 'line');
  const cellOf = (device: MatrixHeader, line: MatrixHeader) =>
    elements.find((e) => deviceKey(e) === device.key && lineKey(e) === line.key) ?? null;
  if (widget.dataPresentation === 'ROWS') {
    return { rows: lines, columns: devices, cells: lines.map((l) => devices.map((d) => cellOf(d, l))) };
  }
  return { rows: devices, columns: lines, cells: devices.map((d) => lines.map((l) => cellOf(d, l))) };
}
