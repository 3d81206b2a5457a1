import { useSelector } from '@xstate/react';
import {
  selectAnnotationColourPicker,
  selectAnnotationList,
  selectDateFormat,
  selectFormOpen,
  selectIsSaving,
  selectTimeZone,
  selectWidgetName,
  type AnnotationsActor,
} from '../../machines/annotations/annotations.selectors';
import { formatDate } from '../../machines/dateRange/dateText';
import { ColorPickerDialog } from '../dialogs/ColorPickerDialog';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { Dialog } from '../primitives/Dialog';
import { AnnotationFormDialog } from './AnnotationFormDialog';

/** SPEC §2 annotations (mark areas): the list, the form of one, or the colour picker of the form. */
export function AnnotationsDialog({ actor }: { actor: AnnotationsActor }) {
  const t = useT();
  const formOpen = useSelector(actor, selectFormOpen);
  const picker = useSelector(actor, selectAnnotationColourPicker);
  if (picker) return <ColorPickerDialog actor={picker} title={t('annotations.colour')} />;
  if (formOpen) return <AnnotationFormDialog actor={actor} />;
  return <AnnotationList actor={actor} />;
}

function AnnotationList({ actor }: { actor: AnnotationsActor }) {
  const t = useT();
  const name = useSelector(actor, selectWidgetName);
  const annotations = useSelector(actor, selectAnnotationList);
  const saving = useSelector(actor, selectIsSaving);
  const dateFormat = useSelector(actor, selectDateFormat);
  const timeZone = useSelector(actor, selectTimeZone);
  const close = () => actor.send({ type: 'annotations.close' });
  const date = (iso: string) => formatDate(Date.parse(iso), dateFormat, timeZone);
  return (
    <Dialog
      title={t('annotations.title', { name })}
      onClose={close}
      onSubmit={close}
      footer={<Button type="submit">{t('annotations.close')}</Button>}
    >
      <div className="flex flex-col gap-3">
        {annotations.length === 0 ? <p className="text-muted">{t('annotations.empty')}</p> : null}
        <ul className="flex flex-col gap-1">
          {annotations.map((annotation, index) => (
            <li
              key={annotation.id ?? index}
              className="flex flex-wrap items-center gap-2 rounded border border-muted/30 px-3 py-1"
            >
              <span
                aria-hidden
                className="size-4 shrink-0 rounded border border-muted/40"
                style={{ background: annotation.color }}
              />
              <span className="min-w-0 flex-1">
                <span className="block font-medium break-words">{annotation.name}</span>
                <span className="block text-sm text-muted">
                  {t('dateRange.customRange', {
                    start: date(annotation.startDate),
                    end: date(annotation.endDate),
                  })}
                </span>
              </span>
              <Button
                variant="quiet"
                disabled={saving}
                aria-label={t('annotations.edit', { label: annotation.name })}
                onClick={() => actor.send({ type: 'annotation.edit', index })}
                className="px-2 py-1"
              >
                ✎
              </Button>
              <Button
                variant="quiet"
                disabled={saving}
                aria-label={t('annotations.delete', { label: annotation.name })}
                onClick={() => actor.send({ type: 'annotation.delete', index })}
                className="px-2 py-1"
              >
                ✕
              </Button>
            </li>
          ))}
        </ul>
        {saving ? <p role="status">{t('annotations.saving')}</p> : null}
        <div>
          <Button variant="quiet" disabled={saving} onClick={() => actor.send({ type: 'annotation.add' })}>
            {t('annotations.add')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
