import * as v from 'valibot';
import { widgetBaseEntries, widgetElementEntries } from './common';

export const DEFAULT_PICTOGRAPH_ICON = 'fan';

/** A pictograph element adds its icon, its range and whether its line may be edited from the widget. */
export const PictographElement = v.object({
  ...widgetElementEntries,
  icon: v.optional(v.pipe(v.string(), v.nonEmpty()), DEFAULT_PICTOGRAPH_ICON),
  min: v.optional(v.nullable(v.number()), null),
  max: v.optional(v.nullable(v.number()), null),
  enableLineEdit: v.optional(v.boolean(), false),
});
export type PictographElement = v.InferOutput<typeof PictographElement>;

/** Icons (fan, valve, thermometer, numeric boxes…) driven by live values. */
export const PictographWidget = v.object({
  ...widgetBaseEntries,
  type: v.literal('PICTOGRAPH'),
  elements: v.optional(v.array(PictographElement), []),
});
export type PictographWidget = v.InferOutput<typeof PictographWidget>;
