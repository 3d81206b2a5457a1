import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectError,
  selectIsWriting,
  selectLine,
  selectValue,
} from '../../machines/lineEdit/lineEdit.selectors';
import type { lineEditMachine } from '../../machines/lineEdit/lineEditMachine';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { Dialog } from '../primitives/Dialog';
import { Listbox } from '../primitives/Listbox';
import { TextField } from '../primitives/TextField';
import { lineDisplayName, useLineValueText } from '../devicePage/lineText';

/** SPEC §2 line details: the line, its current value, and a value field (or a list for lines with options). */
export function LineDetailsDialog({ actor }: { actor: ActorRefFrom<typeof lineEditMachine> }) {
  const t = useT();
  const valueText = useLineValueText();
  const line = useSelector(actor, selectLine);
  const value = useSelector(actor, selectValue);
  const error = useSelector(actor, selectError);
  const writing = useSelector(actor, selectIsWriting);
  const change = (next: string) => actor.send({ type: 'lineEdit.change', value: next });
  const cancel = () => actor.send({ type: 'lineEdit.cancel' });
  const errorText = error ? t(error) : null;

  return (
    <Dialog
      title={t('lineEdit.title')}
      onClose={() => (writing ? undefined : cancel())}
      onSubmit={() => actor.send({ type: 'lineEdit.submit' })}
      footer={
        <>
          <Button variant="quiet" onClick={cancel} disabled={writing}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" disabled={writing}>
            {t('dialog.save')}
          </Button>
        </>
      }
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
            data-autofocus
          />
        )}
        {writing ? (
          <p role="status" className="text-sm text-muted">
            {t('lineEdit.writing')}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
