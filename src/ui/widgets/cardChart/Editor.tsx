import { useSelector } from '@xstate/react';
import type { ElementPatch } from '../../../machines/widgetEditor/widgetElement.events';
import { selectElement } from '../../../machines/widgetEditor/widgetElement.selectors';
import { COMPARE_TYPES, COMPARE_WITH } from '#contracts';
import { useT } from '../../i18n';
import { Listbox } from '../../primitives/Listbox';
import { Checkbox, choicesOf, NumberField } from '../../widgetEditor/fields';
import type { ElementEditorProps } from '../../widgetEditor/types';

/** A metric card element's own fields: what it is compared with, how, and its sparkline. */
export default function CardChartEditor({ actor }: ElementEditorProps) {
  const t = useT();
  const element = useSelector(actor, selectElement);
  const change = (patch: ElementPatch) => actor.send({ type: 'element.change', patch });
  return (
    <div className="grid grid-cols-2 gap-3">
      <Listbox
        label={t('widgetEditor.cardChart.compareWith')}
        value={element.compareWith}
        choices={choicesOf(COMPARE_WITH, (value) => t(`widgetEditor.cardChart.compareWith.${value}`))}
        onValueChange={(value) => change({ compareWith: value as (typeof COMPARE_WITH)[number] })}
      />
      <Listbox
        label={t('widgetEditor.cardChart.compareType')}
        value={element.compareType}
        choices={choicesOf(COMPARE_TYPES, (value) => t(`widgetEditor.cardChart.compareType.${value}`))}
        onValueChange={(value) => change({ compareType: value as (typeof COMPARE_TYPES)[number] })}
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
