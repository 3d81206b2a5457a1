import * as v from 'valibot';
import { widgetBaseEntries } from './common';

export const TABLE_PRESENTATIONS = ['ONLY_VALUES', 'VALUES_AND_UNITS', 'DESCRIPTION_VALUES_UNITS'] as const;

/** Lines as a table: visible columns and rows, line selection and one of three presentations. */
export const TableWidget = v.object({
  ...widgetBaseEntries,
  type: v.literal('TABLE'),
  visibleColumns: v.optional(v.array(v.string()), []),
  visibleRows: v.optional(v.array(v.string()), []),
  lineSelection: v.optional(v.array(v.string()), []),
  presentation: v.optional(v.picklist(TABLE_PRESENTATIONS), 'VALUES_AND_UNITS'),
});
export type TableWidget = v.InferOutput<typeof TableWidget>;
