import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { TableWidget } from '#contracts';
import { buildTableMatrix } from '../../../src/ui/widgets/table/matrix';
import { coldRoom, freezerRoom, widgetOf } from '../../support/fixtures/widgetFixtures';

const table = (fields: Record<string, unknown> = {}, extra: Record<string, unknown>[] = []) =>
  v.parse(
    TableWidget,
    widgetOf(
      'TABLE',
      [
        { id: 'cold-air', ...coldRoom, lineNumber: 1, order: 0 },
        { id: 'cold-setpoint', ...coldRoom, pageNumber: 2, lineNumber: 1, order: 1 },
        { id: 'freezer-air', ...freezerRoom, lineNumber: 1, order: 2 },
        ...extra,
      ],
      fields,
    ),
  );

const ids = (cells: ({ id: string } | null)[][]) => cells.map((row) => row.map((cell) => cell?.id ?? null));

describe('buildTableMatrix', () => {
  it('puts devices in rows and lines in columns, in the elements order', () => {
    const matrix = buildTableMatrix(table());
    expect(matrix.rows.map((row) => row.key)).toEqual(['1A0105/1/0', '1A0106/1/0']);
    expect(matrix.columns.map((column) => column.key)).toEqual(['1/1', '2/1']);
    expect(ids(matrix.cells)).toEqual([
      ['cold-air', 'cold-setpoint'],
      ['freezer-air', null],
    ]);
  });

  it('transposes with the ROWS presentation: devices become columns', () => {
    const matrix = buildTableMatrix(table({ dataPresentation: 'ROWS' }));
    expect(matrix.rows.map((row) => [row.kind, row.key])).toEqual([
      ['line', '1/1'],
      ['line', '2/1'],
    ]);
    expect(matrix.columns.map((column) => column.key)).toEqual(['1A0105/1/0', '1A0106/1/0']);
    expect(ids(matrix.cells)).toEqual([
      ['cold-air', 'freezer-air'],
      ['cold-setpoint', null],
    ]);
  });

  it('keeps only the visible rows, visible columns and selected lines when they are set', () => {
    expect(ids(buildTableMatrix(table({ visibleRows: ['1A0106/1/0'] })).cells)).toEqual([['freezer-air']]);
    expect(ids(buildTableMatrix(table({ visibleColumns: ['2/1'] })).cells)).toEqual([['cold-setpoint']]);
    expect(ids(buildTableMatrix(table({ lineSelection: ['cold-air', 'freezer-air'] })).cells)).toEqual([
      ['cold-air'],
      ['freezer-air'],
    ]);
  });

  it('sorts elements by order, the first of a cell wins, elements without an address are left out', () => {
    const matrix = buildTableMatrix(
      table({}, [
        { id: 'first', ...freezerRoom, pageNumber: 2, lineNumber: 1, order: -1 },
        { id: 'duplicate', ...freezerRoom, pageNumber: 2, lineNumber: 1, order: 5 },
        { id: 'no-line', ...coldRoom, order: 6 },
      ]),
    );
    expect(matrix.rows.map((row) => row.key)).toEqual(['1A0106/1/0', '1A0105/1/0']);
    expect(matrix.columns.map((column) => column.key)).toEqual(['2/1', '1/1']);
    expect(ids(matrix.cells)).toEqual([
      ['first', 'freezer-air'],
      ['cold-setpoint', 'cold-air'],
    ]);
  });
});
