import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectErrorId,
  selectErrorValues,
  selectIsWriting,
  selectLine,
  selectRefusal,
  selectValue,
} from '../../machines/lineEdit/lineEdit.selectors';
import type { LineLimits } from '#contracts/devices';
import type { lineEditMachine } from '../../machines/lineEdit/lineEditMachine';
import { useLocale, useT } from '../i18n';
import { localizedValue } from '../numbers';
import { formatNumber } from '../widgets/history/format';
import { FormDialog } from '../primitives/Dialog';
import { Listbox } from '../primitives/Listbox';
import { TextField } from '../primitives/TextField';
import { lineDisplayName, useLineValueText } from '../devicePage/lineText';
import { FieldNote } from '../primitives/FieldNote';

/** What a numeric line accepts, under its field: "From -30 to 10 °C, in steps of 0.1" (numbers as the language writes them). */
function useLimitsText() {
  const t = useT();
  const locale = useLocale();
  return (limits: LineLimits | null) => {
    if (!limits) return null;
    const values = {
      min: limits.min === null ? '−∞' : formatNumber(limits.min, locale),
      max: limits.max === null ? '∞' : formatNumber(limits.max, locale),
      step: formatNumber(limits.step, locale),
      unit: limits.unit,
    };
    return t(limits.unit ? 'lineEdit.limits' : 'lineEdit.limitsNoUnit', values);
  };
}

/**
 * SPEC §2 line details: the line, its current value, and a value field (or a list for lines with options) with
 * what the line accepts; why a write did not happen is said here, not only in a toast.
 */
export function LineDetailsDialog({ actor }: { actor: ActorRefFrom<typeof lineEditMachine> }) {
  const t = useT();
  const locale = useLocale();
  const valueText = useLineValueText();
  const line = useSelector(actor, selectLine);
  const value = useSelector(actor, selectValue);
  const errorId = useSelector(actor, selectErrorId);
  const errorValues = useSelector(actor, selectErrorValues);
  const refusal = useSelector(actor, selectRefusal);
  const writing = useSelector(actor, selectIsWriting);
  const limitsText = useLimitsText();
  const change = (next: string) => actor.send({ type: 'lineEdit.change', value: next });
  const cancel = () => actor.send({ type: 'lineEdit.cancel' });
  // The bounds an error names, as the language writes numbers.
  const errorText = errorId
    ? t(
        errorId,
        errorValues &&
          Object.fromEntries(
            Object.entries(errorValues).map(([name, text]) => [name, localizedValue(text, locale)]),
          ),
      )
    : null;

  return (
    <FormDialog
      title={t('lineEdit.title')}
      onCancel={cancel}
      onSubmit={() => actor.send({ type: 'lineEdit.submit' })}
      submitLabel={t('dialog.save')}
      busy={writing}
    >
      <div className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted">{t('lineEdit.line', { number: line.number })}</dt>
          <dd className="font-medium">{lineDisplayName(line)}</dd>
          <dt className="text-muted">{t('lineEdit.currentValue')}</dt>
          <dd>{valueText(line)}</dd>
        </dl>
        {line.options.length > 0 ? (
          <Listbox
            label={t('lineEdit.value')}
            value={value}
            placeholder={t('lineEdit.chooseOption')}
            choices={line.options.map((option) => ({ value: String(option.index), label: option.label }))}
            onValueChange={change}
            error={errorText}
            disabled={writing}
          />
        ) : (
          <TextField
            label={t('lineEdit.value')}
            value={value}
            onValueChange={change}
            error={errorText}
            disabled={writing}
            autoComplete="off"
            inputMode="decimal"
            hint={limitsText(line.limits)}
            data-autofocus
          />
        )}
        <FieldNote>{refusal && t(refusal)}</FieldNote>
        {writing ? (
          <p role="status" className="text-sm text-muted">
            {t('lineEdit.writing')}
          </p>
        ) : null}
      </div>
    </FormDialog>
  );
}
