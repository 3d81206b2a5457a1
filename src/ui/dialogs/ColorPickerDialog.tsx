import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { PALETTE } from '../../machines/widgetEditor/colour';
import {
  selectColourError,
  selectColourText,
  selectHexa,
} from '../../machines/widgetEditor/colourPicker.selectors';
import type { colourPickerMachine } from '../../machines/widgetEditor/colourPickerMachine';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { Dialog } from '../primitives/Dialog';
import { TextField } from '../primitives/TextField';
import { Checkbox } from '../primitives/Checkbox';

/** SPEC §2 colour picker: a palette and a hex field (#RRGGBBAA in hexa mode); Cancel, Clear or Save. */
export function ColorPickerDialog({
  actor,
  title,
}: {
  actor: ActorRefFrom<typeof colourPickerMachine>;
  /** Names the colour being picked. */
  title: string;
}) {
  const t = useT();
  const text = useSelector(actor, selectColourText);
  const hexa = useSelector(actor, selectHexa);
  const error = useSelector(actor, selectColourError);
  const cancel = () => actor.send({ type: 'colour.cancel' });

  return (
    <Dialog
      title={title}
      onClose={cancel}
      onSubmit={() => actor.send({ type: 'colour.save' })}
      footer={
        <>
          <Button variant="quiet" onClick={cancel}>
            {t('dialog.cancel')}
          </Button>
          <Button variant="quiet" onClick={() => actor.send({ type: 'colour.clear' })}>
            {t('widgetEditor.colour.clear')}
          </Button>
          <Button type="submit">{t('dialog.save')}</Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{t('widgetEditor.colour.palette')}</legend>
          <div className="grid grid-cols-8 gap-2">
            {PALETTE.map((colour) => (
              <button
                key={colour}
                type="button"
                aria-label={t('widgetEditor.colour.swatch', { colour })}
                aria-pressed={text.toUpperCase().startsWith(colour)}
                onClick={() => actor.send({ type: 'colour.choose', colour })}
                className="size-8 rounded border border-muted/40 aria-pressed:ring-2 aria-pressed:ring-primary"
                style={{ background: colour }}
              />
            ))}
          </div>
        </fieldset>
        <div className="flex items-end gap-3">
          <div className="flex-1">
            <TextField
              label={t('widgetEditor.colour.hex')}
              value={text}
              placeholder={hexa ? '#RRGGBBAA' : '#RRGGBB'}
              onValueChange={(next) => actor.send({ type: 'colour.type', text: next })}
              error={error ? t(error, { format: hexa ? '#RRGGBBAA' : '#RRGGBB' }) : null}
              autoComplete="off"
            />
          </div>
          <span
            role="img"
            aria-label={t('widgetEditor.colour.preview')}
            className="mb-1 size-9 rounded border border-muted/40"
            style={{ background: error ? 'transparent' : text }}
          />
        </div>
        <Checkbox
          label={t('widgetEditor.colour.hexa')}
          checked={hexa}
          onCheckedChange={() => actor.send({ type: 'colour.toggleHexa' })}
        />
      </div>
    </Dialog>
  );
}
