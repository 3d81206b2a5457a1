import { useSelector } from '@xstate/react';
import type { ElementPatch } from '../../../machines/widgetEditor/widgetElement.events';
import {
  selectElement,
  selectElementWidgetType,
} from '../../../machines/widgetEditor/widgetElement.selectors';
import { useT } from '../../i18n';
import { Listbox } from '../../primitives/Listbox';
import { Checkbox } from '../../primitives/Checkbox';
import { ChoiceField } from '../../widgetEditor/fields';
import type { ElementEditorProps } from '../../widgetEditor/types';
import { SERIE_TYPES, Y_AXIS_NUMBERS } from './seriesModel';

const OVERLAYS = ['showAverageValue', 'showHighestValue', 'showLowestValue'] as const;

/**
 * A chart element's own fields: how its series is drawn, on which y axis (a two-axis chart has left and right;
 * a multi-grid chart gives each element its own grid), whether that axis shows, and its overlay lines.
 */
export default function ChartElementEditor({ actor }: ElementEditorProps) {
  const t = useT();
  const element = useSelector(actor, selectElement);
  const type = useSelector(actor, selectElementWidgetType);
  const change = (patch: ElementPatch) => actor.send({ type: 'element.change', patch });
  const axes = type === 'MULTIPLE_Y_CHART' ? Y_AXIS_NUMBERS.slice(0, 2) : Y_AXIS_NUMBERS;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <ChoiceField
        label="history.editor.serieType"
        values={SERIE_TYPES}
        value={element.serieType}
        onChange={(serieType) => change({ serieType })}
      />
      {type !== 'MULTIGRID_CHART' && (
        <Listbox
          label={t('history.editor.yAxis')}
          value={String(Math.min(element.yAxisNumber, axes.length - 1))}
          choices={axes.map((number) => ({
            value: String(number),
            label: t(`history.editor.yAxis.${number}`),
          }))}
          onValueChange={(value) => change({ yAxisNumber: Number(value) })}
        />
      )}
      <Checkbox
        label={t('history.editor.showAxis')}
        checked={element.showAxis}
        onCheckedChange={(showAxis) => change({ showAxis })}
      />
      {OVERLAYS.map((overlay) => (
        <Checkbox
          key={overlay}
          label={t(`history.editor.${overlay}`)}
          checked={element[overlay]}
          onCheckedChange={(checked) => change({ [overlay]: checked })}
        />
      ))}
    </div>
  );
}
