import { useSelector } from '@xstate/react';
import type { ElementPatch } from '../../../machines/widgetEditor/widgetElement.events';
import { selectElement } from '../../../machines/widgetEditor/widgetElement.selectors';
import { COMPARE_TYPES, COMPARE_WITH } from '#contracts';
import { useT } from '../../i18n';
import { Checkbox } from '../../primitives/Checkbox';
import { ChoiceField, NumberField } from '../../widgetEditor/fields';
import type { ElementEditorProps } from '../../widgetEditor/types';

/** A metric card element's own fields: what it is compared with, how, and its sparkline. */
export default function CardChartEditor({ actor }: ElementEditorProps) {
  const t = useT();
  const element = useSelector(actor, selectElement);
  const change = (patch: ElementPatch) => actor.send({ type: 'element.change', patch });
  return (
    <div className="grid grid-cols-2 gap-3">
      <ChoiceField
        label="widgetEditor.cardChart.compareWith"
        values={COMPARE_WITH}
        value={element.compareWith}
        onChange={(compareWith) => change({ compareWith })}
      />
      <ChoiceField
        label="widgetEditor.cardChart.compareType"
        values={COMPARE_TYPES}
        value={element.compareType}
        onChange={(compareType) => change({ compareType })}
      />
      {element.compareWith === 'CUSTOM_VALUE' ? (
        <NumberField
          label={t('widgetEditor.cardChart.compareToValue')}
          value={element.compareToValue}
          onNumberChange={(compareToValue) => change({ compareToValue })}
        />
      ) : null}
      <Checkbox
        label={t('widgetEditor.cardChart.showSparkline')}
        checked={element.showSparkline}
        onCheckedChange={(showSparkline) => change({ showSparkline })}
      />
    </div>
  );
}
