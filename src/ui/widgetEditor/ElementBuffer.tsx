import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  selectBufferInterval,
  selectBufferStart,
  selectBufferStep,
  selectDefaultPcNumber,
  selectFormatLabel,
  selectHasBuffer,
  selectIntervalText,
  selectMayCreate,
  selectMinInterval,
  selectPcChoices,
  selectPcNumber,
  selectRequestError,
  selectRequestStart,
  selectUsesDefault,
} from '../../machines/widgetEditor/elementBuffer.selectors';
import type { elementBufferMachine } from '../../machines/widgetEditor/elementBufferMachine';
import { BUFFER_INTERVAL_MAX_S } from '#contracts';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { Listbox } from '../primitives/Listbox';
import { TextField } from '../primitives/TextField';
import { Checkbox } from '../primitives/Checkbox';

export type ElementBufferActor = ActorRefFrom<typeof elementBufferMachine>;

const selectIntervalError = selectRequestError('interval');
const selectStartError = selectRequestError('start');

/** SPEC §3/§4/§6: which PC number's buffer of the line an element of a historical widget reads, or asks for. */
export function ElementBuffer({ actor }: { actor: ElementBufferActor }) {
  const t = useT();
  const step = useSelector(actor, selectBufferStep);
  const usesDefault = useSelector(actor, selectUsesDefault);
  const defaultPc = useSelector(actor, selectDefaultPcNumber);
  const pcNumber = useSelector(actor, selectPcNumber);
  const choices = useSelector(actor, selectPcChoices);
  return (
    <fieldset className="flex flex-col gap-3 rounded border border-muted/30 p-3">
      <legend className="px-1 text-sm font-medium">{t('widgetEditor.buffer.title')}</legend>
      {step === 'unaddressed' ? (
        <p className="text-sm text-muted">{t('widgetEditor.buffer.chooseLine')}</p>
      ) : (
        <>
          <Checkbox
            label={t('widgetEditor.buffer.useDefault', { pcNumber: defaultPc })}
            checked={usesDefault}
            onCheckedChange={(on) => actor.send({ type: 'buffer.useDefault', on })}
          />
          <Listbox
            label={t('widgetEditor.buffer.pcNumber')}
            value={String(pcNumber)}
            disabled={usesDefault}
            choices={choices.map((each) => ({ value: String(each), label: String(each) }))}
            onValueChange={(value) => actor.send({ type: 'buffer.choosePcNumber', pcNumber: Number(value) })}
          />
          <BufferState actor={actor} />
        </>
      )}
    </fieldset>
  );
}

/** A line of the buffer's state and what can be done about it: side by side when there is room, else stacked. */
function StatusRow({
  text,
  error = false,
  children,
}: {
  text: string;
  error?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center">
      <p className={`text-sm sm:flex-1 ${error ? 'text-error' : ''}`}>{text}</p>
      {children}
    </div>
  );
}

/** The chosen PC number's buffer: as it is, missing, or asked of the dashboard save. */
function BufferState({ actor }: { actor: ElementBufferActor }) {
  const t = useT();
  const step = useSelector(actor, selectBufferStep);
  const pcNumber = useSelector(actor, selectPcNumber);
  const interval = useSelector(actor, selectBufferInterval);
  const start = useSelector(actor, selectBufferStart);
  const mayCreate = useSelector(actor, selectMayCreate);
  const request = () => actor.send({ type: 'buffer.request' });
  if (step === 'requesting') return <BufferRequest actor={actor} />;
  if (step === 'existing')
    return (
      <StatusRow text={t('widgetEditor.buffer.existing', { interval, start })}>
        {mayCreate ? (
          <Button variant="quiet" onClick={request}>
            {t('widgetEditor.buffer.change')}
          </Button>
        ) : null}
      </StatusRow>
    );
  return (
    <StatusRow text={t('widgetEditor.buffer.missing', { pcNumber })} error>
      {mayCreate ? (
        <Button variant="quiet" onClick={request}>
          {t('widgetEditor.buffer.create')}
        </Button>
      ) : (
        <p className="text-sm text-muted">{t('widgetEditor.buffer.mayNotCreate')}</p>
      )}
    </StatusRow>
  );
}

/** The interval and start of a buffer to create, or of the existing one's change (CREATE_BUFFER). */
function BufferRequest({ actor }: { actor: ElementBufferActor }) {
  const t = useT();
  const changing = useSelector(actor, selectHasBuffer);
  const intervalText = useSelector(actor, selectIntervalText);
  const startText = useSelector(actor, selectRequestStart);
  const min = useSelector(actor, selectMinInterval);
  const format = useSelector(actor, selectFormatLabel);
  const intervalError = useSelector(actor, selectIntervalError);
  const startError = useSelector(actor, selectStartError);
  const startLabel = t('widgetEditor.buffer.start');
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          label={t('widgetEditor.buffer.interval')}
          type="number"
          min={min}
          max={BUFFER_INTERVAL_MAX_S}
          value={intervalText}
          onValueChange={(text) => actor.send({ type: 'buffer.changeInterval', text })}
          error={intervalError ? t(intervalError, { min, max: BUFFER_INTERVAL_MAX_S }) : null}
        />
        <TextField
          label={startLabel}
          value={startText}
          placeholder={format}
          autoComplete="off"
          onValueChange={(text) => actor.send({ type: 'buffer.changeStart', text })}
          error={startError ? t(startError, { field: startLabel, format }) : null}
        />
      </div>
      <StatusRow text={t(changing ? 'widgetEditor.buffer.willChange' : 'widgetEditor.buffer.willCreate')}>
        <Button variant="quiet" onClick={() => actor.send({ type: 'buffer.withdraw' })}>
          {t(changing ? 'widgetEditor.buffer.keep' : 'widgetEditor.buffer.dontCreate')}
        </Button>
      </StatusRow>
    </div>
  );
}
