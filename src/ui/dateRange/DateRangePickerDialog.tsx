import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useEffectEvent, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { DateRangeInput, DateRangeOutput } from '../../machines/dateRange/dateRange.events';
import {
  selectAllowCompare,
  selectCompare,
  selectCompareText,
  selectCompareUnit,
  selectEndText,
  selectFormatLabel,
  selectIsCustom,
  selectRangeError,
  selectRangeType,
  selectStartText,
} from '../../machines/dateRange/dateRange.selectors';
import { dateRangeMachine } from '../../machines/dateRange/dateRangeMachine';
import type { DateFormat } from '../../machines/dateRange/dateText';
import { COMPARE_UNITS, INTERVAL_TYPES, type WidgetInterval } from '#contracts';
import { useT } from '../i18n';
import { FormDialog } from '../primitives/Dialog';
import { Listbox } from '../primitives/Listbox';
import { TextField } from '../primitives/TextField';
import { Checkbox } from '../primitives/Checkbox';
import { choicesOf } from '../widgetEditor/fields';
import { DateRangeFields } from './DateRangeFields';
import { RadioGroup } from '../primitives/RadioGroup';

export type DateRangeActor = ActorRefFrom<typeof dateRangeMachine>;

const selectStartError = selectRangeError('start');
const selectEndError = selectRangeError('end');
const selectCompareError = selectRangeError('compare');

/** SPEC §2 date range picker on a running dateRange actor: presets, custom dates, comparison; Cancel or Apply. */
export function DateRangeDialog({ actor, title }: { actor: DateRangeActor; title?: string }) {
  const t = useT();
  const type = useSelector(actor, selectRangeType);
  const custom = useSelector(actor, selectIsCustom);
  const allowCompare = useSelector(actor, selectAllowCompare);
  const cancel = () => actor.send({ type: 'dateRange.cancel' });
  return (
    <FormDialog
      title={title ?? t('dateRange.title')}
      onCancel={cancel}
      onSubmit={() => actor.send({ type: 'dateRange.apply' })}
      submitLabel={t('dateRange.apply')}
    >
      <div className="flex flex-col gap-4">
        <RadioGroup
          legend={t('dateRange.range')}
          value={type}
          choices={choicesOf(INTERVAL_TYPES, (value) => t(`dateRange.type.${value}`))}
          onValueChange={(value) =>
            actor.send({ type: 'dateRange.choose', rangeType: value as (typeof INTERVAL_TYPES)[number] })
          }
        />
        {custom ? <CustomDates actor={actor} /> : null}
        {allowCompare ? <Comparison actor={actor} /> : null}
      </div>
    </FormDialog>
  );
}

function CustomDates({ actor }: { actor: DateRangeActor }) {
  return (
    <DateRangeFields
      format={useSelector(actor, selectFormatLabel)}
      start={useSelector(actor, selectStartText)}
      end={useSelector(actor, selectEndText)}
      startError={useSelector(actor, selectStartError)}
      endError={useSelector(actor, selectEndError)}
      onStartChange={(text) => actor.send({ type: 'dateRange.changeStart', text })}
      onEndChange={(text) => actor.send({ type: 'dateRange.changeEnd', text })}
    />
  );
}

function Comparison({ actor }: { actor: DateRangeActor }) {
  const t = useT();
  const compare = useSelector(actor, selectCompare);
  const text = useSelector(actor, selectCompareText);
  const unit = useSelector(actor, selectCompareUnit);
  const error = useSelector(actor, selectCompareError);
  return (
    <div className="flex flex-col gap-2">
      <Checkbox
        label={t('dateRange.compare')}
        checked={compare}
        onCheckedChange={(on) => actor.send({ type: 'dateRange.setCompare', on })}
      />
      {compare ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <TextField
            label={t('dateRange.compareValue')}
            type="number"
            min={1}
            value={text}
            onValueChange={(next) => actor.send({ type: 'dateRange.changeCompareValue', text: next })}
            error={error ? t(error) : null}
          />
          <Listbox
            label={t('dateRange.compareUnit')}
            value={unit}
            choices={choicesOf(COMPARE_UNITS, (value) => t(`dateRange.unit.${value}`))}
            onValueChange={(value) =>
              actor.send({
                type: 'dateRange.changeCompareUnit',
                unit: value as (typeof COMPARE_UNITS)[number],
              })
            }
          />
        </div>
      ) : null}
    </div>
  );
}

export interface DateRangePickerDialogProps {
  /** The interval shown first (a widget's stored interval, or the range a widget header shows). */
  value: WidgetInterval;
  /** The chosen interval, in the widget interval shape (start and end ISO strings for CUSTOM only). */
  onApply: (value: WidgetInterval) => void;
  onCancel: () => void;
  /** Offer a comparison range (hours or days earlier). */
  allowCompare?: boolean;
  /** The user's date format and time zone (dashboardEditor selectors selectDateFormat, selectTimeZone). */
  dateFormat: DateFormat;
  timeZone: string;
  title?: string;
}

/**
 * The date range picker on its own, for a caller without a machine of its own to invoke it from (a widget
 * header's view range): it runs the dateRange machine while mounted and reports how it ended.
 */
export function DateRangePickerDialog({ onApply, onCancel, title, ...rest }: DateRangePickerDialogProps) {
  // The input is read once, at mount, like the machine's; now fills the custom fields of a preset.
  const [input] = useState<DateRangeInput>(() => ({
    value: rest.value,
    dateFormat: rest.dateFormat,
    timeZone: rest.timeZone,
    allowCompare: rest.allowCompare ?? false,
    now: Date.now(),
  }));
  const actor = useActorRef(dateRangeMachine, { input });
  const report = useEffectEvent((output: DateRangeOutput | undefined) =>
    output ? onApply(output.value) : onCancel(),
  );
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.status === 'done') report(snapshot.output);
    });
    return () => subscription.unsubscribe();
  }, [actor]);
  return <DateRangeDialog actor={actor} title={title} />;
}
