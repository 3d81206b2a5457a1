import type { WidgetType } from '#contracts';
import { barChartWidget } from './barChart/widget';
import { cardChartWidget } from './cardChart/widget';
import { collapsableTableWidget } from './collapsableTable/widget';
import type { WidgetDefinition } from './definition';
import { lineWidget } from './line/widget';
import { lineChartWidget } from './lineChart/widget';
import { multigridChartWidget } from './multigridChart/widget';
import { multipleYChartWidget } from './multipleYChart/widget';
import { pageWidget } from './page/widget';
import { pictographWidget } from './pictograph/widget';
import { tableWidget } from './table/widget';

export type { WidgetDefinition } from './definition';

/**
 * The widget types the product renders, by type: a new type is a folder with its widget.ts and one line here.
 * A stored widget of a type without an entry shows its type and size.
 */
export const widgetRegistry: Partial<Record<WidgetType, WidgetDefinition>> = Object.fromEntries(
  [
    cardChartWidget,
    lineWidget,
    pageWidget,
    tableWidget,
    pictographWidget,
    barChartWidget,
    lineChartWidget,
    multipleYChartWidget,
    multigridChartWidget,
    collapsableTableWidget,
  ].map((definition) => [definition.type, definition]),
);
