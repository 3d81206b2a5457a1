import {
  WidgetValueRow,
  type Line,
  type LineStatus,
  type Widget,
  type WidgetElement,
  type WidgetExportType,
} from '#contracts';
import type { AuthSession } from '../auth/service';
import type { DevicesService } from '../devices/service';
import { safeFileStem } from './file-names';

/** What the export needs of the devices module; absent when the app runs without the device runtime. */
export type WidgetLineReader = Pick<DevicesService, 'lines' | 'departmentNames' | 'deviceNames'>;

/** The CSV columns are the contract's row fields, in the order the contract lists them. */
const COLUMNS = Object.keys(WidgetValueRow.entries) as (keyof WidgetValueRow)[];

const NO_DATA: LineStatus = 'NO_DATA';

const isAddressed = (e: WidgetElement) =>
  e.hexacode != null &&
  e.department != null &&
  e.subDepartment != null &&
  e.pageNumber != null &&
  e.lineNumber != null;

/**
 * Reads the lines of the widget's elements (one gateway read a device page, through the devices service, so only
 * the tenant's own devices answer) and lists them by the elements' order.
 */
export async function widgetValueRows(
  reader: WidgetLineReader | undefined,
  session: AuthSession,
  widget: Widget,
): Promise<WidgetValueRow[]> {
  const elements = (widget.elements as WidgetElement[])
    .map((element, index) => ({ element, index }))
    .sort((a, b) => a.element.order - b.element.order || a.index - b.index)
    .map(({ element }) => element);
  const addressed = elements.filter(isAddressed);
  const pageKey = (e: WidgetElement) =>
    `${e.hexacode!.toUpperCase()}/${e.department}.${e.subDepartment}/${e.pageNumber}`;
  const departmentKey = (e: WidgetElement) =>
    `${e.hexacode!.toUpperCase()}/${e.department}.${e.subDepartment}`;

  const pages = new Map<string, { status: LineStatus; lines: Line[] }>();
  const departmentNames = new Map<string, string>();
  let deviceNames = new Map<string, string>();
  if (reader && addressed.length > 0) {
    for (const e of addressed) {
      const key = pageKey(e);
      if (pages.has(key)) continue;
      pages.set(
        key,
        await reader.lines(session, {
          hexacode: e.hexacode!,
          rawHexacode: e.rawHexacode ?? e.hexacode!,
          department: e.department!,
          subDepartment: e.subDepartment!,
          page: e.pageNumber!,
        }),
      );
    }
    const unique = new Map(addressed.map((e) => [departmentKey(e), e]));
    const names = await reader.departmentNames(
      session,
      [...unique].map(([key, e]) => ({
        key,
        hexacode: e.hexacode!,
        rawHexacode: e.rawHexacode ?? e.hexacode!,
        department: e.department!,
        subDepartment: e.subDepartment!,
      })),
    );
    for (const answer of names) departmentNames.set(answer.key, answer.name);
    deviceNames = await reader.deviceNames(
      session,
      addressed.map((e) => e.hexacode!),
    );
  }

  return elements.map((e): WidgetValueRow => {
    const read = isAddressed(e) ? pages.get(pageKey(e)) : undefined;
    const line = read?.lines.find((l) => l.number === e.lineNumber);
    const status: string = line
      ? line.status
      : read && read.status !== 'OK'
        ? read.status
        : isAddressed(e) && read
          ? 'LINE_NOT_PRESENT'
          : NO_DATA;
    return {
      label: e.name ?? e.label ?? line?.name ?? '',
      lineName: line?.name ?? null,
      device: e.hexacode ? (deviceNames.get(e.hexacode.toUpperCase()) ?? null) : null,
      hexacode: e.hexacode ?? null,
      department: e.department ?? null,
      subDepartment: e.subDepartment ?? null,
      departmentName: isAddressed(e) ? (departmentNames.get(departmentKey(e)) ?? null) : null,
      page: e.pageNumber ?? null,
      line: e.lineNumber ?? null,
      value: line?.status === 'OK' ? line.value : null,
      unit: line?.status === 'OK' ? line.unit : null,
      status,
    };
  });
}

/** How a spreadsheet recognises a formula: =, +, -, @, a tab or CR first (full-width forms too). */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * RFC 4180: a field with a comma, quote, CR or LF is quoted, quotes doubled; records end with CRLF. Text that a
 * spreadsheet would run as a formula (a device name like "=HYPERLINK(…)") gets a leading apostrophe; numbers are
 * numbers and stay as they are.
 */
export function csvField(value: string | number | null): string {
  const raw = value === null ? '' : String(value);
  const text = typeof value === 'string' && FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly WidgetValueRow[]): string {
  const records = [COLUMNS.join(','), ...rows.map((row) => COLUMNS.map((c) => csvField(row[c])).join(','))];
  return `${records.join('\r\n')}\r\n`;
}

/**
 * A safe download name: letters, digits, space, dot, dash and underscore (accents dropped, the rest "_"), at most
 * 100 characters, with the extension of the type (an extension already given is not doubled).
 */
export function downloadFileName(name: string | undefined, fallback: string, type: WidgetExportType): string {
  const extension = type === 'CSV' ? '.csv' : '.json';
  const base = (name ?? '').trim().replace(/\.(csv|json)$/i, '');
  return `${safeFileStem(base) || safeFileStem(fallback) || 'widget'}${extension}`;
}

export const contentTypeOf = (type: WidgetExportType) =>
  type === 'CSV' ? 'text/csv; charset=utf-8; header=present' : 'application/json; charset=utf-8';
