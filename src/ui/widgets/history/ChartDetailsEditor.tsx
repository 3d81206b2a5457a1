import { useSelector } from '@xstate/react';
import { selectField } from '../../../machines/widgetEditor/widgetEditor.selectors';
import { COMPARE_TYPES } from '#contracts';
import { useT } from '../../i18n';
import { Checkbox } from '../../primitives/Checkbox';
import { ChoiceField } from '../../widgetEditor/fields';
import type { DetailsEditorProps } from '../../widgetEditor/types';

const selectShowAxis = selectField('showAxis');
const selectTooltip = selectField('compareTypeTooltip');

/**
 * A chart's own widget fields: whether it shows axes at all, and how its tooltip tells a value's difference to
 * the comparison range (chosen with the interval). Overlays are chosen per element.
 */
export default function ChartDetailsEditor({ actor }: DetailsEditorProps) {
  const t = useT();
  const showAxis = useSelector(actor, selectShowAxis);
  const tooltip = useSelector(actor, selectTooltip);
  return (
    <div className="grid grid-cols-1 items-end gap-3 sm:grid-cols-2">
      <ChoiceField
        label="history.editor.compareTypeTooltip"
        values={COMPARE_TYPES}
        value={tooltip ?? 'NONE'}
        onChange={(value) => actor.send({ type: 'widget.change', patch: { compareTypeTooltip: value } })}
      />
      <Checkbox
        label={t('history.editor.showAllAxes')}
        checked={showAxis ?? true}
        onCheckedChange={(checked) => actor.send({ type: 'widget.change', patch: { showAxis: checked } })}
      />
    </div>
  );
}
