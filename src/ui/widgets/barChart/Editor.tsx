import { useSelector } from '@xstate/react';
import { selectField } from '../../../machines/widgetEditor/widgetEditor.selectors';
import { BAR_CHART_MODES, BAR_CHART_SORTINGS } from '#contracts';
import { useT } from '../../i18n';
import { Listbox } from '../../primitives/Listbox';
import { choicesOf } from '../../widgetEditor/fields';
import type { DetailsEditorProps } from '../../widgetEditor/types';

const selectMode = selectField('mode');
const selectSorting = selectField('sorting');

/** BAR_CHART's own fields: orientation and sorting. */
export default function BarChartEditor({ actor }: DetailsEditorProps) {
  const t = useT();
  const mode = useSelector(actor, selectMode);
  const sorting = useSelector(actor, selectSorting);
  return (
    <div className="grid grid-cols-2 gap-3">
      <Listbox
        label={t('widgetEditor.barChart.mode')}
        value={mode ?? 'VERTICAL'}
        choices={choicesOf(BAR_CHART_MODES, (value) => t(`widgetEditor.barChart.mode.${value}`))}
        onValueChange={(value) =>
          actor.send({ type: 'widget.change', patch: { mode: value as (typeof BAR_CHART_MODES)[number] } })
        }
      />
      <Listbox
        label={t('widgetEditor.barChart.sorting')}
        value={sorting ?? 'NONE'}
        choices={choicesOf(BAR_CHART_SORTINGS, (value) => t(`widgetEditor.barChart.sorting.${value}`))}
        onValueChange={(value) =>
          actor.send({
            type: 'widget.change',
            patch: { sorting: value as (typeof BAR_CHART_SORTINGS)[number] },
          })
        }
      />
    </div>
  );
}
