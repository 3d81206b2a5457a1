import { useSelector } from '@xstate/react';
import type { ElementColourField } from '../../machines/widgetEditor/widgetElement.events';
import {
  selectDevicesFailed,
  selectElement,
  selectElementBuffer,
  selectElementColourField,
  selectElementColourPicker,
  selectElementError,
  selectElementWidgetType,
  selectIsLoadingAddress,
  selectIsLoadingDevices,
  selectLabel,
  selectPageElementCount,
} from '../../machines/widgetEditor/widgetElement.selectors';
import { ColorPickerDialog } from '../dialogs/ColorPickerDialog';
import { useT } from '../i18n';
import { widgetRegistry } from '../widgets/registry';
import { Button } from '../primitives/Button';
import { FormDialog } from '../primitives/Dialog';
import { TextField } from '../primitives/TextField';
import { ColourButton } from './ColourButton';
import { ElementAddress } from './ElementAddress';
import { ElementBuffer } from './ElementBuffer';
import type { WidgetElementActor } from './types';
import { FieldNote } from '../primitives/FieldNote';

const COLOURS: readonly ElementColourField[] = ['color', 'backgroundColor'];

/** SPEC §2 widget element details, or the colour picker while one of its colours is picked. */
export function WidgetElementDialog({ actor }: { actor: WidgetElementActor }) {
  const t = useT();
  const picker = useSelector(actor, selectElementColourPicker);
  const colourField = useSelector(actor, selectElementColourField);
  if (picker && colourField)
    return <ColorPickerDialog actor={picker} title={t(`widgetEditor.element.${colourField}`)} />;
  return <ElementStep actor={actor} />;
}

function ElementStep({ actor }: { actor: WidgetElementActor }) {
  const t = useT();
  const loadingDevices = useSelector(actor, selectIsLoadingDevices);
  const failed = useSelector(actor, selectDevicesFailed);
  const loading = useSelector(actor, selectIsLoadingAddress);
  const element = useSelector(actor, selectElement);
  const widgetType = useSelector(actor, selectElementWidgetType);
  const label = useSelector(actor, selectLabel);
  const pageElements = useSelector(actor, selectPageElementCount);
  const error = useSelector(actor, selectElementError);
  const buffer = useSelector(actor, selectElementBuffer);
  const Fields = widgetRegistry[widgetType]?.editor.Element;

  return (
    <FormDialog
      title={t('widgetEditor.element.title')}
      width="max-w-[800px]"
      onCancel={() => actor.send({ type: 'element.cancel' })}
      onSubmit={() => actor.send({ type: 'element.save' })}
      submitLabel={t('dialog.save')}
      // While a list of the address loads the element is not yet what the user picked (a page's lines become
      // its elements when they arrive): a save then would refuse a choice already made.
      submitDisabled={loadingDevices || failed || loading}
    >
      {loadingDevices ? (
        <p role="status">{t('widgetEditor.element.loadingDevices')}</p>
      ) : failed ? (
        <div className="flex items-center gap-3">
          <p role="alert" className="text-error">
            {t('widgetEditor.element.loadFailed')}
          </p>
          <Button variant="quiet" onClick={() => actor.send({ type: 'element.retry' })}>
            {t('widgetEditor.element.retry')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <ElementAddress actor={actor} />
          {loading ? <p role="status">{t('widgetEditor.element.loading')}</p> : null}
          {pageElements > 0 ? <p>{t('widgetEditor.element.pageLines', { count: pageElements })}</p> : null}
          <FieldNote>{error && t(error)}</FieldNote>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label={t('widgetEditor.element.customLabel')}
              value={label}
              placeholder={element.dataName ?? ''}
              onValueChange={(value) => actor.send({ type: 'element.changeLabel', label: value })}
              autoComplete="off"
            />
            <TextField
              label={t('widgetEditor.element.symbol')}
              value={element.symbol ?? ''}
              onValueChange={(value) =>
                actor.send({ type: 'element.change', patch: { symbol: value.trim() === '' ? null : value } })
              }
              autoComplete="off"
            />
          </div>
          <div className="flex flex-wrap gap-2">
            {COLOURS.map((field) => (
              <ColourButton
                key={field}
                label={t(`widgetEditor.element.${field}`)}
                colour={element[field]}
                onPick={() => actor.send({ type: 'element.pickColour', field })}
              />
            ))}
          </div>
          {Fields ? <Fields actor={actor} /> : null}
          {buffer ? <ElementBuffer actor={buffer} /> : null}
        </div>
      )}
    </FormDialog>
  );
}
