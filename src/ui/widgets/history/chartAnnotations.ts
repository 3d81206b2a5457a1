import type { AnnotationOptions } from 'chartjs-plugin-annotation';
import { DEFAULT_LOCALE } from '../../../i18n/messages';
import type { AlarmMarks, Annotation } from '#contracts';
import { withAlpha } from '../charts/theme';
import type { ChartTexts } from './chartTexts';
import { withUnit } from './format';
import type { SeriesModel } from './seriesModel';

type Side = 'start' | 'end';

/**
 * Average, highest and lowest lines of the series that ask for them, labelled with their value. A line on the
 * value of one already drawn for the series (a steady setpoint: its average is its highest and lowest) is
 * drawn once, its value in the decimals of `locale`. Labels keep apart: the average's at one end, the
 * extremes' at the other, and every other series the other way round, so two series with close values do not
 * cover each other's labels.
 */
export function overlaysOf(
  series: readonly SeriesModel[],
  texts: ChartTexts,
  locale: string = DEFAULT_LOCALE,
): AnnotationOptions[] {
  return series.flatMap((model, index) => {
    const [near, far]: [Side, Side] = index % 2 === 0 ? ['start', 'end'] : ['end', 'start'];
    const lines: [boolean, number | null, (value: string) => string, Side][] = [
      [model.overlays.average, model.stats.avg, texts.average, near],
      [model.overlays.highest, model.stats.max, texts.highest, far],
      [model.overlays.lowest, model.stats.min, texts.lowest, far],
    ];
    const drawn = new Set<number>();
    return lines.flatMap(([shown, value, text, side]): AnnotationOptions[] => {
      if (!shown || value === null || drawn.has(value)) return [];
      drawn.add(value);
      const label = {
        display: true,
        content: text(withUnit(value, model.unit, locale)),
        position: side,
        backgroundColor: withAlpha(model.colour, 0.85),
        font: { size: 10 },
        padding: 2,
      };
      const line = { borderColor: model.colour, borderWidth: 1, borderDash: [6, 3] };
      return [{ type: 'line', yScaleID: model.axis, yMin: value, yMax: value, ...line, label }];
    });
  });
}

/** Mark areas: shaded, labelled time ranges across the whole chart. */
export const markAreasOf = (annotations: readonly Annotation[]): AnnotationOptions[] =>
  annotations.map((annotation) => ({
    type: 'box',
    xMin: Date.parse(annotation.startDate),
    xMax: Date.parse(annotation.endDate),
    backgroundColor: withAlpha(annotation.color, 0.12),
    borderColor: withAlpha(annotation.color, 0.5),
    borderWidth: 1,
    drawTime: 'beforeDatasetsDraw',
    label: {
      display: true,
      content: annotation.name,
      position: { x: 'start', y: 'start' },
      color: annotation.color,
      font: { size: 10 },
    },
  }));

// Okabe–Ito colours, apart for the colour-blind; the list beside the chart says the same in words.
const MARK_COLOUR = {
  alarm: '#d55e00',
  suppressed: '#8c8c8c',
  defrost: '#56b4e9',
  acknowledgement: '#009e73',
  setpoint: '#7a6fca',
};

const period = (from: string, to: string | null, end: number, colour: string, dashed: boolean) => ({
  type: 'box' as const,
  xMin: Date.parse(from),
  xMax: to ? Date.parse(to) : end,
  backgroundColor: withAlpha(colour, 0.15),
  borderColor: colour,
  borderWidth: 1,
  borderDash: dashed ? [4, 3] : [],
  drawTime: 'beforeDatasetsDraw' as const,
});
const instant = (at: string, colour: string): AnnotationOptions => ({
  type: 'line',
  xMin: Date.parse(at),
  xMax: Date.parse(at),
  borderColor: colour,
  borderWidth: 2,
  borderDash: [2, 2],
});

/**
 * Alarm marks on the time axis: alarm periods (suppressed ones grey and dashed) and defrosts as boxes labelled
 * with their name, acknowledgements and setpoint changes as lines; a period still open runs to `end`.
 */
export const alarmMarksOf = (marks: AlarmMarks, end: number, defrostLabel: string): AnnotationOptions[] => [
  ...marks.defrosts.map((d): AnnotationOptions => ({
    ...period(d.from, d.to, end, MARK_COLOUR.defrost, false),
    label: { display: true, content: defrostLabel, position: { x: 'start', y: 'end' }, font: { size: 10 } },
  })),
  ...marks.alarms.map((a): AnnotationOptions => {
    const colour = a.suppressed ? MARK_COLOUR.suppressed : MARK_COLOUR.alarm;
    return {
      ...period(a.from, a.to, end, colour, a.suppressed),
      label: {
        display: true,
        content: a.translation,
        position: { x: 'start', y: 'start' },
        color: colour,
        font: { size: 10 },
      },
    };
  }),
  ...marks.acknowledgements.map((a) => instant(a.at, MARK_COLOUR.acknowledgement)),
  ...marks.setpoints.map((s) => instant(s.at, MARK_COLOUR.setpoint)),
];
