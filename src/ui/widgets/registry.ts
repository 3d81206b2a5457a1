import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { WidgetType } from '../../services/contracts';
import type { WidgetRendererProps } from './types';

export interface WidgetRegistryEntry {
  /** The renderer of the type, loaded on first use. */
  Renderer: LazyExoticComponent<ComponentType<WidgetRendererProps>>;
}

/** The widget renderers by type; a type without an entry shows its type and element count. */
export const widgetRegistry: Partial<Record<WidgetType, WidgetRegistryEntry>> = {
  LINE: { Renderer: lazy(() => import('./line/Renderer')) },
  CARD_CHART: { Renderer: lazy(() => import('./cardChart/Renderer')) },
  PAGE: { Renderer: lazy(() => import('./page/Renderer')) },
  TABLE: { Renderer: lazy(() => import('./table/Renderer')) },
  PICTOGRAPH: { Renderer: lazy(() => import('./pictograph/Renderer')) },
  BAR_CHART: { Renderer: lazy(() => import('./barChart/Renderer')) },
};
