import * as v from 'valibot';
import { BarChartWidget } from './barChart';
import { CardChartWidget } from './cardChart';
import { CollapsableTableWidget } from './collapsableTable';
import { LineWidget } from './line';
import { LineChartWidget } from './lineChart';
import { MultigridChartWidget } from './multigridChart';
import { MultipleYChartWidget } from './multipleYChart';
import { PageWidget } from './page';
import { PictographWidget } from './pictograph';
import { TableWidget } from './table';

/** The widget registry: one schema a type. A new type is a new file and one line here. */
export const WIDGET_SCHEMAS = [
  CardChartWidget,
  LineWidget,
  PageWidget,
  TableWidget,
  PictographWidget,
  BarChartWidget,
  LineChartWidget,
  MultipleYChartWidget,
  MultigridChartWidget,
  CollapsableTableWidget,
] as const;

export type WidgetType = (typeof WIDGET_SCHEMAS)[number]['entries']['type']['literal'];
export const WIDGET_TYPES = WIDGET_SCHEMAS.map((schema) => schema.entries.type.literal) as WidgetType[];

/** Any widget, validated by the schema of its `type`; an unknown or missing type is 'select a widget type'. */
export const Widget = v.variant('type', WIDGET_SCHEMAS, 'select a widget type');
export type Widget = v.InferOutput<typeof Widget>;
export type WidgetInput = v.InferInput<typeof Widget>;
