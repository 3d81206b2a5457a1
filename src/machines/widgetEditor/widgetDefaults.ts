import * as v from 'valibot';
import { PictographElement, WIDGET_SCHEMAS, type Widget, type WidgetType } from '#contracts/widgets';

/** An element as the editor keeps it: every field any type's element has (the save drops the others). */
export type EditorElement = PictographElement;

type ElementSeed = Partial<EditorElement>;

/** SPEC §4: the elements a type's list starts with when it is first created. */
const SEEDS: Partial<Record<WidgetType, readonly ElementSeed[]>> = {
  TABLE: [{ yAxisNumber: 1 }],
  PICTOGRAPH: [{ group: 0, showAxis: false }],
  CARD_CHART: [{ compareWith: 'NONE', compareType: 'NUMERIC', showAxis: false, showSparkline: false }],
  MULTIPLE_Y_CHART: [{ yAxisNumber: 0 }, { yAxisNumber: 1 }],
};
const OTHER_SEEDS: readonly ElementSeed[] = [{ yAxisNumber: 0 }];

const seedsOf = (type: WidgetType) => SEEDS[type] ?? OTHER_SEEDS;

/** A new element without a line yet. */
export const newElement = (order: number, seed: ElementSeed = {}): EditorElement =>
  v.parse(PictographElement, { ...seed, id: crypto.randomUUID(), order });

/** The list a type starts with (SPEC §4). */
export const seededElements = (type: WidgetType): EditorElement[] =>
  seedsOf(type).map((seed, order) => newElement(order, seed));

/** An element added to a type's list: shaped like the type's first seed. */
export const addedElement = (type: WidgetType, order: number): EditorElement =>
  newElement(order, seedsOf(type)[0]);

const schemaOf = (type: WidgetType) =>
  WIDGET_SCHEMAS.find((schema) => schema.entries.type.literal === type) ?? WIDGET_SCHEMAS[0];

type OwnFields<T extends Widget['type']> = Omit<
  Extract<Widget, { type: T }>,
  'id' | 'type' | 'position' | 'elements'
>;

/** Every field of any widget type but what the editor keeps apart (id, type, position and the element lists). */
export type WidgetFields = Partial<
  OwnFields<'TABLE'> & OwnFields<'BAR_CHART'> & OwnFields<'COLLAPSABLE_TABLE'>
>;

const defaults = new Map<WidgetType, WidgetFields>();

/** The schema's defaults of a type's fields (interval LAST_24_HOURS, LAST_7_DAYS for CARD_CHART…), one object a type. */
export function fieldDefaults(type: WidgetType): WidgetFields {
  let found = defaults.get(type);
  if (!found) {
    found = v.getDefaults(schemaOf(type)) as unknown as WidgetFields;
    defaults.set(type, found);
  }
  return found;
}
