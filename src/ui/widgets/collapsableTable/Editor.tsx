import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { WidgetFields } from '../../../machines/widgetEditor/widgetDefaults';
import { selectField } from '../../../machines/widgetEditor/widgetEditor.selectors';
import { COLLAPSE_ON, TABLE_FILTER_MODES } from '#contracts';
import { useT } from '../../i18n';
import { TextField } from '../../primitives/TextField';
import { Checkbox } from '../../primitives/Checkbox';
import { ChoiceField } from '../../widgetEditor/fields';
import type { DetailsEditorProps } from '../../widgetEditor/types';
import { collapseOnOf, filterModeOf } from './rows';

const selectCollapseOn = selectField('collapseOn');
const selectFilterMode = selectField('filterMode');
const selectPageLength = selectField('pageLength');
const selectShowTimestamps = selectField('showTimestamps');
const selectShowUnits = selectField('showUnits');

/** COLLAPSABLE_TABLE's own fields: how rows fold, the filter offered, rows per page, times and units. */
export default function CollapsableTableEditor({ actor }: DetailsEditorProps) {
  const t = useT();
  const collapseOn = useSelector(actor, selectCollapseOn);
  const filterMode = useSelector(actor, selectFilterMode);
  const pageLength = useSelector(actor, selectPageLength);
  const showTimestamps = useSelector(actor, selectShowTimestamps);
  const showUnits = useSelector(actor, selectShowUnits);
  const change = (patch: WidgetFields) => actor.send({ type: 'widget.change', patch });
  return (
    <div className="grid grid-cols-1 items-end gap-3 sm:grid-cols-2">
      <ChoiceField
        label="history.editor.collapseOn"
        values={COLLAPSE_ON}
        value={collapseOnOf(collapseOn ?? 'NONE')}
        onChange={(value) => change({ collapseOn: value })}
      />
      <ChoiceField
        label="history.editor.filterMode"
        values={TABLE_FILTER_MODES}
        value={filterModeOf(filterMode ?? 'NONE')}
        onChange={(value) => change({ filterMode: value })}
      />
      <PageLengthField value={pageLength ?? 10} onChange={(value) => change({ pageLength: value })} />
      <div className="flex flex-col gap-2">
        <Checkbox
          label={t('history.editor.showTimestamps')}
          checked={showTimestamps ?? true}
          onCheckedChange={(checked) => change({ showTimestamps: checked })}
        />
        <Checkbox
          label={t('history.editor.showUnits')}
          checked={showUnits ?? true}
          onCheckedChange={(checked) => change({ showUnits: checked })}
        />
      </div>
    </div>
  );
}

/**
 * Rows per page: what is typed stays while it is typed (an emptied field is not forced back to a number);
 * each whole number from 1 up is applied, and leaving the field shows the applied one again.
 */
function PageLengthField({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const t = useT();
  const [text, setText] = useState(String(value));
  return (
    <TextField
      label={t('history.editor.pageLength')}
      type="number"
      min={1}
      step={1}
      value={text}
      onValueChange={(next) => {
        setText(next);
        const number = Number(next);
        if (next.trim() !== '' && Number.isInteger(number) && number >= 1) onChange(number);
      }}
      onBlur={() => setText(String(value))}
    />
  );
}
