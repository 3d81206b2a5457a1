import type { ComponentType } from 'react';
import type { WidgetType } from '../../services/contracts';
import BarChartEditor from '../widgets/barChart/Editor';
import CardChartEditor from '../widgets/cardChart/Editor';
import PictographEditor from '../widgets/pictograph/Editor';
import TableEditor from '../widgets/table/Editor';
import type { DetailsEditorProps, ElementEditorProps } from './types';

export interface WidgetTypeEditor {
  /** The type's own widget fields (details step). */
  Details?: ComponentType<DetailsEditorProps>;
  /** The type's own element fields (element step). */
  Element?: ComponentType<ElementEditorProps>;
  /** Which of the fields several types share it uses. */
  interval?: boolean;
  showUnits?: boolean;
  lineEdit?: boolean;
}

/** What the editor shows for each type; a type without an entry has only the common fields. */
export const widgetEditors: Partial<Record<WidgetType, WidgetTypeEditor>> = {
  CARD_CHART: { Element: CardChartEditor, interval: true, showUnits: true },
  LINE: { showUnits: true, lineEdit: true },
  PAGE: { showUnits: true, lineEdit: true },
  TABLE: { Details: TableEditor },
  PICTOGRAPH: { Element: PictographEditor },
  BAR_CHART: { Details: BarChartEditor, showUnits: true },
  LINE_CHART: { interval: true },
  MULTIPLE_Y_CHART: { interval: true },
  MULTIGRID_CHART: { interval: true },
  COLLAPSABLE_TABLE: { interval: true, showUnits: true },
};
