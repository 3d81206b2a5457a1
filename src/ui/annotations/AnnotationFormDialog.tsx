import { useSelector } from '@xstate/react';
import {
  selectAnnotationError,
  selectFormatLabel,
  selectFormColour,
  selectFormEnd,
  selectFormIsNew,
  selectFormLabel,
  selectFormStart,
  selectIsSaving,
} from '../../machines/annotations/annotations.selectors';
import { useT } from '../i18n';
import { FormDialog } from '../primitives/Dialog';
import { DateRangeFields } from '../dateRange/DateRangeFields';
import { TextField } from '../primitives/TextField';
import { ColourButton } from '../widgetEditor/ColourButton';
import type { AnnotationsActor } from '../../machines/annotations/annotations.selectors';

const selectLabelError = selectAnnotationError('label');
const selectStartError = selectAnnotationError('start');
const selectEndError = selectAnnotationError('end');

/** One annotation: label, colour, start and end in the user's date format; Save stores the whole list. */
export function AnnotationFormDialog({ actor }: { actor: AnnotationsActor }) {
  const t = useT();
  const isNew = useSelector(actor, selectFormIsNew);
  const label = useSelector(actor, selectFormLabel);
  const colour = useSelector(actor, selectFormColour);
  const start = useSelector(actor, selectFormStart);
  const end = useSelector(actor, selectFormEnd);
  const format = useSelector(actor, selectFormatLabel);
  const saving = useSelector(actor, selectIsSaving);
  const labelError = useSelector(actor, selectLabelError);
  const startError = useSelector(actor, selectStartError);
  const endError = useSelector(actor, selectEndError);
  const cancel = () => actor.send({ type: 'annotation.cancel' });
  return (
    <FormDialog
      title={t(isNew ? 'annotations.newTitle' : 'annotations.editTitle')}
      onCancel={cancel}
      onSubmit={() => actor.send({ type: 'annotation.save' })}
      submitLabel={saving ? t('annotations.saving') : t('dialog.save')}
      busy={saving}
    >
      <div className="flex flex-col gap-3">
        <TextField
          label={t('annotations.label')}
          value={label}
          autoComplete="off"
          onValueChange={(text) => actor.send({ type: 'annotation.changeLabel', text })}
          error={labelError ? t(labelError) : null}
        />
        <div>
          <ColourButton
            label={t('annotations.colour')}
            colour={colour}
            onPick={() => actor.send({ type: 'annotation.pickColour' })}
          />
        </div>
        <DateRangeFields
          format={format}
          start={start}
          end={end}
          startError={startError}
          endError={endError}
          onStartChange={(text) => actor.send({ type: 'annotation.changeStart', text })}
          onEndChange={(text) => actor.send({ type: 'annotation.changeEnd', text })}
        />
      </div>
    </FormDialog>
  );
}
