import type { BufferChanged } from './elementBuffer.events';
import type { EditorElement } from './widgetDefaults';

/** Colours of an element, picked with the colour picker. */
export type ElementColourField = 'color' | 'backgroundColor';

/** The fields of an element the step edits directly (the type's own fields among them). */
export type ElementPatch = Partial<
  Pick<
    EditorElement,
    | 'symbol'
    | 'icon'
    | 'min'
    | 'max'
    | 'enableLineEdit'
    | 'compareWith'
    | 'compareType'
    | 'compareToValue'
    | 'showSparkline'
    // History charts: how a series is drawn, on which axis, and its overlays.
    | 'serieType'
    | 'yAxisNumber'
    | 'showAxis'
    | 'showAverageValue'
    | 'showHighestValue'
    | 'showLowestValue'
  >
>;

export type WidgetElementEvent =
  // The pick chain: each pick clears what was picked below it and loads the next list.
  | { type: 'element.pickDevice'; hexacode: string }
  | { type: 'element.pickDepartment'; key: string }
  | { type: 'element.pickPage'; page: number }
  | { type: 'element.pickLine'; line: number }
  /** New text of the custom label field. */
  | { type: 'element.changeLabel'; label: string }
  | { type: 'element.change'; patch: ElementPatch }
  | { type: 'element.pickColour'; field: ElementColourField }
  /** Loads the devices again after a failed load. */
  | { type: 'element.retry' }
  | { type: 'element.save' }
  | { type: 'element.cancel' }
  /** The buffer choice of an element of a historical widget changed (from its elementBuffer actor). */
  | BufferChanged
  /** Raised when a line is picked or the page's lines arrive: the buffers of the element's line are known anew. */
  | { type: 'element.lineBuffersArrived' };

/**
 * The edited element, or a PAGE widget's elements generated from a picked page (`wholePage`: they replace
 * the widget's list); null when the step was cancelled.
 */
export type WidgetElementOutput = { elements: EditorElement[]; wholePage: boolean } | null;
