import { useSelector } from '@xstate/react';
import { selectElements, selectField } from '../../../machines/widgetEditor/widgetEditor.selectors';
import { DATA_PRESENTATIONS, TABLE_PRESENTATIONS } from '#contracts';
import { useT } from '../../i18n';
import { Listbox } from '../../primitives/Listbox';
import { choicesOf, NumberField } from '../../widgetEditor/fields';
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
        <Listbox
          label={t('widgetEditor.table.presentation')}
          value={presentation ?? 'VALUES_AND_UNITS'}
          choices={choicesOf(TABLE_PRESENTATIONS, (value) => t(`widgetEditor.table.presentation.${value}`))}
          onValueChange={(value) =>
            actor.send({
              type: 'widget.change',
              patch: { presentation: value as (typeof TABLE_PRESENTATIONS)[number] },
            })
          }
        />
        <Listbox
          label={t('widgetEditor.table.dataPresentation')}
          value={dataPresentation ?? 'COLUMNS'}
          choices={choicesOf(DATA_PRESENTATIONS, (value) =>
            t(`widgetEditor.table.dataPresentation.${value}`),
          )}
          onValueChange={(value) =>
            actor.send({
              type: 'widget.change',
              patch: { dataPresentation: value as (typeof DATA_PRESENTATIONS)[number] },
            })
          }
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
