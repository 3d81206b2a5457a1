import { useSelector } from '@xstate/react';
import { selectField } from '../../../machines/widgetEditor/widgetEditor.selectors';
import { BAR_CHART_MODES, BAR_CHART_SORTINGS } from '#contracts';
import { ChoiceField } from '../../widgetEditor/fields';
import type { DetailsEditorProps } from '../../widgetEditor/types';

const selectMode = selectField('mode');
const selectSorting = selectField('sorting');

/** BAR_CHART's own fields: orientation and sorting. */
export default function BarChartEditor({ actor }: DetailsEditorProps) {
  const mode = useSelector(actor, selectMode);
  const sorting = useSelector(actor, selectSorting);
  return (
    <div className="grid grid-cols-2 gap-3">
      <ChoiceField
        label="widgetEditor.barChart.mode"
        values={BAR_CHART_MODES}
        value={mode ?? 'VERTICAL'}
        onChange={(value) => actor.send({ type: 'widget.change', patch: { mode: value } })}
      />
      <ChoiceField
        label="widgetEditor.barChart.sorting"
        values={BAR_CHART_SORTINGS}
        value={sorting ?? 'NONE'}
        onChange={(value) => actor.send({ type: 'widget.change', patch: { sorting: value } })}
      />
    </div>
  );
}
