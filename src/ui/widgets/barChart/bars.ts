import type { BarChartWidget } from '#contracts';

/** One bar before sorting: the element's label, live value (null until a number arrives) and own colour. */
export interface BarInput {
  label: string;
  value: number | null;
  color: string | null;
}

export interface Bars {
  labels: string[];
  values: (number | null)[];
  colors: string[];
}

type BarSettings = Pick<BarChartWidget, 'sorting' | 'defaultColor'>;

/**
 * The live bars of a BAR_CHART in the order its sorting asks for (ON_HOUR and ON_DAY draw history instead:
 * periods.ts). Bars without a value go last whatever the
 * direction, and equal values keep the elements' order. A bar's colour is its element's, else the widget's
 * default, else `themeColor`.
 */
export function buildBars(inputs: readonly BarInput[], widget: BarSettings, themeColor: string): Bars {
  const direction = widget.sorting === 'ASCENDING' ? 1 : widget.sorting === 'DESCENDING' ? -1 : 0;
  const sorted =
    direction === 0
      ? [...inputs]
      : [...inputs].sort((a, b) => {
          if (a.value === null || b.value === null)
            return (a.value === null ? 1 : 0) - (b.value === null ? 1 : 0);
          return direction * (a.value - b.value);
        });
  return {
    labels: sorted.map((bar) => bar.label),
    values: sorted.map((bar) => bar.value),
    colors: sorted.map((bar) => bar.color ?? widget.defaultColor ?? themeColor),
  };
}
