import { useSelector } from '@xstate/react';
import { selectElements, selectField } from '../../../machines/widgetEditor/widgetEditor.selectors';
import { DATA_PRESENTATIONS, TABLE_PRESENTATIONS } from '#contracts';
import { useT } from '../../i18n';
import { ChoiceField, NumberField } from '../../widgetEditor/fields';
import type { DetailsEditorProps } from '../../widgetEditor/types';
import { EditorTableToggles } from './EditorTableToggles';

const selectPresentation = selectField('presentation');
const selectDataPresentation = selectField('dataPresentation');
const selectPageLength = selectField('pageLength');

/** TABLE's own fields: presentation, lines as rows or columns, page length and the visible rows and columns. */
export default function TableEditor({ actor }: DetailsEditorProps) {
  const t = useT();
  const presentation = useSelector(actor, selectPresentation);
  const dataPresentation = useSelector(actor, selectDataPresentation);
  const pageLength = useSelector(actor, selectPageLength);
  const elements = useSelector(actor, selectElements);
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-3 gap-3">
        <ChoiceField
          label="widgetEditor.table.presentation"
          values={TABLE_PRESENTATIONS}
          value={presentation ?? 'VALUES_AND_UNITS'}
          onChange={(value) => actor.send({ type: 'widget.change', patch: { presentation: value } })}
        />
        <ChoiceField
          label="widgetEditor.table.dataPresentation"
          values={DATA_PRESENTATIONS}
          value={dataPresentation ?? 'COLUMNS'}
          onChange={(value) => actor.send({ type: 'widget.change', patch: { dataPresentation: value } })}
        />
        <NumberField
          label={t('widgetEditor.table.pageLength')}
          min={1}
          value={pageLength ?? null}
          onNumberChange={(value) =>
            actor.send({ type: 'widget.change', patch: { pageLength: value ?? undefined } })
          }
        />
      </div>
      <EditorTableToggles actor={actor} elements={elements} />
    </div>
  );
}
