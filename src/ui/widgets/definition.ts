import type { ComponentType, LazyExoticComponent } from 'react';
import type { WidgetType } from '#contracts';
import type { FrameAction } from '../dashboards/FrameAction';
import type { DetailsEditorProps, ElementEditorProps } from '../widgetEditor/types';
import type { WidgetRendererProps } from './types';

/**
 * Everything the product knows about one widget type, kept in the type's folder (its `widget.ts`): the
 * renderer, loaded on first use, and what the widget details dialog shows for it. The schema with its defaults
 * is the type's contract in src/contracts/widgets/, shared with the server.
 */
export interface WidgetDefinition {
  type: WidgetType;
  Renderer: LazyExoticComponent<ComponentType<WidgetRendererProps>>;
  /**
   * Actions the type adds to its widget's header, before download and fullscreen (the range of a chart), each
   * shown with `Action`: a button, or an item of the actions menu on a narrow widget.
   */
  Header?: ComponentType<WidgetRendererProps & { Action: FrameAction }>;
  editor: {
    /** The type's own widget fields (details step). */
    Details?: ComponentType<DetailsEditorProps>;
    /** The type's own element fields (element step). */
    Element?: ComponentType<ElementEditorProps>;
    /** Which of the fields several types share it uses. */
    interval?: boolean;
    showUnits?: boolean;
    lineEdit?: boolean;
  };
  /**
   * What it reads: 'live' widgets show the latest pushed value of each element's line (the dashboard
   * subscribes to their pages); 'history' widgets show their buffers over a range (which series, over which
   * interval: historyNeedOf in the contracts, shared with the server's download). A metric card or a bar chart
   * is live and reads history too when its settings ask for it.
   */
  data: 'live' | 'history';
}
