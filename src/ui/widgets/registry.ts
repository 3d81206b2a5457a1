import type { WidgetType } from '../../services/contracts';
import { barChartWidget } from './barChart/widget';
import { cardChartWidget } from './cardChart/widget';
import type { WidgetDefinition } from './definition';
import { lineWidget } from './line/widget';
import { pageWidget } from './page/widget';
import { pictographWidget } from './pictograph/widget';
import { tableWidget } from './table/widget';

export type { WidgetDefinition } from './definition';

/**
 * The widget types the product renders, by type: a new type is a folder with its widget.ts and one line here.
 * A stored widget of a type without an entry (the history charts, until they come) shows its type and size.
 */
export const widgetRegistry: Partial<Record<WidgetType, WidgetDefinition>> = Object.fromEntries(
  [cardChartWidget, lineWidget, pageWidget, tableWidget, pictographWidget, barChartWidget].map(
    (definition) => [definition.type, definition],
  ),
);
