import type { EditorElement } from './widgetDefaults';

/** The TABLE widget's selections: rows (device/department), columns (page/line) and shown elements. */
export type TableAxis = 'visibleRows' | 'visibleColumns' | 'lineSelection';

/** Key of an element on an axis (rows `hexacode/department/subDepartment`, columns `page/line`), null without a line. */
export function axisKey(axis: TableAxis, element: EditorElement): string | null {
  if (axis === 'lineSelection') return element.id;
  if (element.hexacode === null || element.lineNumber === null) return null;
  return axis === 'visibleRows'
    ? `${element.hexacode}/${element.department}/${element.subDepartment}`
    : `${element.pageNumber}/${element.lineNumber}`;
}

/** The distinct keys of an axis, in element order. */
export const axisKeys = (axis: TableAxis, elements: readonly EditorElement[]): string[] => [
  ...new Set(elements.map((element) => axisKey(axis, element)).filter((key) => key !== null)),
];

/** Whether a key is shown: an empty selection shows all. */
export const isShown = (selection: readonly string[], key: string) =>
  selection.length === 0 || selection.includes(key);

/** The selection with `key` toggled; showing every key again is the empty selection (all). */
export function toggledSelection(
  selection: readonly string[],
  all: readonly string[],
  key: string,
): string[] {
  const shown = all.filter((each) => isShown(selection, each));
  const next = shown.includes(key) ? shown.filter((each) => each !== key) : [...shown, key];
  return all.every((each) => next.includes(each)) ? [] : all.filter((each) => next.includes(each));
}
