import * as v from 'valibot';
import { instant } from '../common';
import { BUFFER_STATUSES, bufferInterval, pcNumber } from '../history';

/** The dashboard grid (SPEC §9): 12 columns at the widest breakpoints, widgets at least 2 wide and 3 high. */
export const GRID_COLUMNS = 12;
export const WIDGET_MIN_W = 2;
export const WIDGET_MIN_H = 3;
/** A new widget: 3 by 4 at 0,0 (or the first free cell). */
export const WIDGET_DEFAULT_SIZE = { w: 3, h: 4 } as const;
export const BREAKPOINTS = ['xl', 'lg', 'md', 'sm', 'xs'] as const;
export const BREAKPOINT_WIDTHS: Record<(typeof BREAKPOINTS)[number], number> = {
  xl: 1904,
  lg: 1264,
  md: 960,
  sm: 600,
  xs: 0,
};
export const BREAKPOINT_COLUMNS: Record<(typeof BREAKPOINTS)[number], number> = {
  xl: 12,
  lg: 12,
  md: 6,
  sm: 6,
  xs: 2,
};
export const GRID_MARGIN = 10;
export const GRID_ROW_HEIGHT = 60;

export const NAME_MAX_LENGTH = 120;
export const INTERVAL_TYPES = [
  'LAST_24_HOURS',
  'LAST_7_DAYS',
  'LAST_30_DAYS',
  'THIS_MONTH',
  'LAST_MONTH',
  'CUSTOM',
] as const;
export const COMPARE_TYPES = ['NUMERIC', 'PERCENTAGE', 'NONE'] as const;
export const COMPARE_WITH = [
  'NONE',
  'AVERAGE_VALUE',
  'MIN_VALUE',
  'MAX_VALUE',
  'CUSTOM_VALUE',
  'ANOTHER_BUFFER',
] as const;
export const DATA_PRESENTATIONS = ['COLUMNS', 'ROWS'] as const;
/** Default annotation colour: red at full opacity. */
export const DEFAULT_ANNOTATION_COLOR = '#FF0000FF';
/** Default widget background: light grey. */
export const DEFAULT_WIDGET_BACKGROUND = '#EEEEEE';

/** A required, trimmed name: 'Name is required', at most 120 characters. */
export const requiredName = (field = 'Name') =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.nonEmpty(`${field} is required`),
    v.maxLength(NAME_MAX_LENGTH, `${field} must be at most ${NAME_MAX_LENGTH} characters`),
  );

const int = v.pipe(v.number(), v.integer());
const optionalText = v.optional(v.nullable(v.string()), null);
const optionalNumber = v.optional(v.nullable(v.number()), null);
const flag = (value: boolean) => v.optional(v.boolean(), value);

/** Layout item of the 12-column grid; `i` is the widget's id. */
export const WidgetPosition = v.pipe(
  v.object({
    i: v.string(),
    x: v.pipe(int, v.minValue(0, 'must be at least 0')),
    y: v.pipe(int, v.minValue(0, 'must be at least 0')),
    w: v.pipe(
      int,
      v.minValue(WIDGET_MIN_W, `must be at least ${WIDGET_MIN_W} columns`),
      v.maxValue(GRID_COLUMNS, `must be at most ${GRID_COLUMNS} columns`),
    ),
    h: v.pipe(int, v.minValue(WIDGET_MIN_H, `must be at least ${WIDGET_MIN_H} rows`)),
    moved: v.optional(v.boolean()),
  }),
  v.forward(
    v.check((p) => p.x + p.w <= GRID_COLUMNS, `must fit the ${GRID_COLUMNS} columns (x + w at most 12)`),
    ['w'],
  ),
);
export type WidgetPosition = v.InferOutput<typeof WidgetPosition>;

export const COMPARE_UNITS = ['HOURS', 'DAYS'] as const;
/** How far back the comparison range starts (SPEC §9: in hours or days). */
export const CompareRange = v.object({
  value: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(800)),
  unit: v.picklist(COMPARE_UNITS),
});
export type CompareRange = v.InferOutput<typeof CompareRange>;

/** Time range of a widget; LAST_24_HOURS unless the type says otherwise (CARD_CHART: LAST_7_DAYS). */
export const widgetInterval = (type: (typeof INTERVAL_TYPES)[number] = 'LAST_24_HOURS') =>
  v.optional(
    v.object({
      start: optionalText,
      end: optionalText,
      type: v.optional(v.picklist(INTERVAL_TYPES), type),
      compareTo: v.optional(v.nullable(CompareRange), null),
    }),
    { start: null, end: null, type, compareTo: null },
  );

export type WidgetInterval = v.InferOutput<ReturnType<typeof widgetInterval>>;

/**
 * The buffer an element of a historical widget reads (SPEC §3, §4): OK once it exists; CREATE_BUFFER asks the
 * dashboard save to create it, or to change its interval or start; BUFFER_NOT_PRESENT when it is gone.
 */
export const ElementBuffer = v.object({
  status: v.optional(v.nullable(v.picklist(BUFFER_STATUSES)), null),
  pcNumber: v.optional(v.nullable(pcNumber), null),
  /** Seconds between samples. */
  interval: v.optional(v.nullable(bufferInterval), null),
  /** ISO time recording starts from. */
  start: v.optional(v.nullable(instant('Start')), null),
});
export type ElementBuffer = v.InferOutput<typeof ElementBuffer>;

/** One line shown by a widget (SPEC §3 widget element). */
export const widgetElementEntries = {
  id: v.pipe(v.string(), v.nonEmpty('Element id is required')),
  order: v.optional(int, 0),
  type: optionalText,
  dataFilter: v.optional(v.string(), 'SHOW_ALL'),
  dataName: optionalText,
  hexacode: optionalText,
  rawHexacode: optionalText,
  department: optionalNumber,
  subDepartment: optionalNumber,
  pageNumber: optionalNumber,
  lineNumber: optionalNumber,
  /** Custom label: trimmed, null when blank (the SPA also nulls it when equal to the line's name). */
  name: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.transform((s) => (s === '' ? null : s)),
      ),
    ),
    null,
  ),
  serieType: v.optional(v.string(), 'line'),
  yAxisNumber: v.optional(int, 0),
  buffer: v.optional(v.nullable(ElementBuffer), null),
  color: optionalText,
  backgroundColor: optionalText,
  symbol: optionalText,
  showAxis: flag(true),
  showAverageValue: flag(false),
  showHighestValue: flag(false),
  showLowestValue: flag(false),
  compareTo: v.optional(v.nullable(CompareRange), null),
  compareType: v.optional(v.picklist(COMPARE_TYPES), 'NUMERIC'),
  compareWith: v.optional(v.picklist(COMPARE_WITH), 'NONE'),
  compareToValue: optionalNumber,
  compareTypeTooltip: v.optional(v.picklist(COMPARE_TYPES), 'NONE'),
  pcNumber: optionalNumber,
  useDefaultPcNumber: flag(true),
  group: optionalNumber,
  showSparkline: flag(false),
  label: optionalText,
  status: optionalText,
  min: optionalNumber,
  max: optionalNumber,
  unit: optionalText,
  translatedValue: optionalText,
  /** The line's buffers when the element was edited (SPEC §3: each with its pcNumber). */
  availableBuffers: v.optional(
    v.array(
      v.object({
        pcNumber: v.number(),
        interval: v.optional(v.nullable(v.number()), null),
        start: v.optional(v.nullable(v.string()), null),
      }),
    ),
    [],
  ),
};
export const WidgetElement = v.object(widgetElementEntries);
export type WidgetElement = v.InferOutput<typeof WidgetElement>;

/** Mark-area element (annotation) of a chart: a named, coloured time range; the end after the start. */
export const Annotation = v.pipe(
  v.object({
    id: v.optional(v.string()),
    name: requiredName('Label'),
    color: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), DEFAULT_ANNOTATION_COLOR),
    startDate: instant('Start date'),
    endDate: instant('End date'),
  }),
  v.forward(
    v.check(
      (a) => Date.parse(a.endDate) > Date.parse(a.startDate),
      'End date value must be after the start date',
    ),
    ['endDate'],
  ),
);
export type Annotation = v.InferOutput<typeof Annotation>;

/** Fields every widget type has (SPEC §3 widget), with their defaults; each type adds `type` and its own. */
export const widgetBaseEntries = {
  id: v.pipe(v.string('Widget id is required'), v.nonEmpty('Widget id is required')),
  name: requiredName(),
  position: WidgetPosition,
  interval: widgetInterval(),
  elements: v.optional(v.array(WidgetElement), []),
  markAreaElements: v.optional(v.array(Annotation), []),
  dataPresentation: v.optional(v.picklist(DATA_PRESENTATIONS), 'COLUMNS'),
  fixedTitlesAndDescriptions: flag(false),
  autoSort: flag(false),
  min: v.optional(v.number(), 0),
  max: v.optional(v.number(), 1),
  showAxis: flag(true),
  collapseOn: v.optional(v.string(), 'NONE'),
  pageLength: v.optional(v.pipe(int, v.minValue(1)), 10),
  showTimestamps: flag(false),
  timestampsIndex: v.optional(int, -1),
  showUnits: flag(true),
  defaultSymbol: optionalText,
  defaultColor: optionalText,
  defaultBackgroundColor: v.optional(v.nullable(v.string()), DEFAULT_WIDGET_BACKGROUND),
  showAverageValue: flag(false),
  showLowestValue: flag(false),
  showHighestValue: flag(false),
  compareTypeTooltip: v.optional(v.picklist(COMPARE_TYPES), 'NONE'),
  showCurrentValue: flag(true),
  enableLineEdit: flag(false),
};
