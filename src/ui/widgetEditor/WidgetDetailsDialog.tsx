import { useSelector } from '@xstate/react';
import {
  selectColourField,
  selectColourPicker,
  selectElementStep,
  selectError,
  selectIntervalPicker,
  selectIsNew,
  selectName,
  selectWidgetType,
} from '../../machines/widgetEditor/widgetEditor.selectors';
import { WIDGET_TYPES, type WidgetType } from '#contracts';
import { DateRangeDialog } from '../dateRange/DateRangePickerDialog';
import { ColorPickerDialog } from '../dialogs/ColorPickerDialog';
import { useT } from '../i18n';
import { FormDialog } from '../primitives/Dialog';
import { Listbox } from '../primitives/Listbox';
import { TextField } from '../primitives/TextField';
import { CommonFields } from './CommonFields';
import { ElementList } from './ElementList';
import { widgetRegistry } from '../widgets/registry';
import { choicesOf } from './fields';

/** The types offered: those with a renderer in the registry (the history charts come with their renderers). */
const RENDERED_TYPES = WIDGET_TYPES.filter((type) => widgetRegistry[type] !== undefined);
import type { WidgetEditorActor } from './types';
import { WidgetElementDialog } from './WidgetElementDialog';
import { FieldNote } from '../primitives/FieldNote';

const selectTypeError = selectError('type');
const selectNameError = selectError('name');
const selectFormError = selectError('form');

/**
 * SPEC §2 widget details, the host of the widget editor: the details step, or the element step, the colour
 * picker or the date range picker while one is open.
 */
export function WidgetDetailsDialog({ actor }: { actor: WidgetEditorActor }) {
  const step = useSelector(actor, selectElementStep);
  const picker = useSelector(actor, selectColourPicker);
  const colourField = useSelector(actor, selectColourField);
  const intervalPicker = useSelector(actor, selectIntervalPicker);
  const t = useT();
  if (step) return <WidgetElementDialog actor={step} />;
  if (intervalPicker) return <DateRangeDialog actor={intervalPicker} title={t('widgetEditor.interval')} />;
  if (picker && colourField)
    return <ColorPickerDialog actor={picker} title={t(`widgetEditor.${colourField}`)} />;
  return <DetailsStep actor={actor} />;
}

function DetailsStep({ actor }: { actor: WidgetEditorActor }) {
  const t = useT();
  const isNew = useSelector(actor, selectIsNew);
  const type = useSelector(actor, selectWidgetType);
  const name = useSelector(actor, selectName);
  const typeError = useSelector(actor, selectTypeError);
  const nameError = useSelector(actor, selectNameError);
  const formError = useSelector(actor, selectFormError);
  const cancel = () => actor.send({ type: 'widget.cancel' });
  const Details = type ? widgetRegistry[type]?.editor.Details : undefined;

  return (
    <FormDialog
      title={t(isNew ? 'widgetEditor.addTitle' : 'widgetEditor.editTitle')}
      width="max-w-[800px]"
      onCancel={cancel}
      onSubmit={() => actor.send({ type: 'widget.save' })}
      submitLabel={t('dialog.save')}
    >
      <div className="flex flex-col gap-4">
        <Listbox
          label={t('widgetEditor.type')}
          value={type ?? ''}
          placeholder={t('widgetEditor.chooseType')}
          choices={choicesOf(RENDERED_TYPES, (value) => t(`widgetEditor.type.${value}`))}
          onValueChange={(value) =>
            actor.send({ type: 'widget.changeType', widgetType: value as WidgetType })
          }
          error={typeError ? t(typeError) : null}
        />
        <TextField
          label={t('widgetEditor.name')}
          value={name}
          onValueChange={(value) => actor.send({ type: 'widget.change', patch: { name: value } })}
          error={nameError ? t(nameError) : null}
          autoComplete="off"
        />
        {type ? (
          <>
            <CommonFields actor={actor} type={type} />
            {Details ? <Details actor={actor} /> : null}
            <ElementList actor={actor} />
          </>
        ) : null}
        <FieldNote>{formError && t(formError)}</FieldNote>
      </div>
    </FormDialog>
  );
}
