import * as v from 'valibot';
import { widgetBaseEntries, widgetElementEntries } from './common';

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
/** box-0…box-9 or circle-0…circle-9. */
const digits = <Shape extends 'box' | 'circle'>(shape: Shape) =>
  DIGITS.map((digit) => `${shape}-${digit}` as const);

/**
 * The icons a pictograph element may show, in the order the icon picker lists them. The SPA draws exactly
 * these (src/ui/widgets/pictograph/icons.tsx is typed over them), so a saved name always has an icon.
 */
export const PICTOGRAPH_ICON_NAMES = [
  'fan',
  'thermometer',
  'valve',
  'compressor',
  'snowflake',
  'flame',
  'drop',
  'door-open',
  'door-closed',
  'light',
  'bell',
  'alarm',
  'power',
  'gauge',
  'pump',
  'defrost',
  'heater',
  'cabinet',
  'cold-room',
  'switch-on',
  'switch-off',
  'wind',
  'sun',
  'moon',
  'battery',
  'plug',
  'warning',
  'check',
  'cross',
  'arrow-up',
  'arrow-down',
  ...digits('box'),
  ...digits('circle'),
] as const;
export type PictographIconName = (typeof PICTOGRAPH_ICON_NAMES)[number];

export const DEFAULT_PICTOGRAPH_ICON: PictographIconName = 'fan';

/** A pictograph element adds its icon, its range and whether its line may be edited from the widget. */
export const PictographElement = v.object({
  ...widgetElementEntries,
  icon: v.optional(v.picklist(PICTOGRAPH_ICON_NAMES, 'Unknown pictograph icon'), DEFAULT_PICTOGRAPH_ICON),
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
