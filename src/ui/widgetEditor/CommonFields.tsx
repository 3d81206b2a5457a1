import { useSelector } from '@xstate/react';
import {
  selectDateFormat,
  selectField,
  selectTimeZone,
} from '../../machines/widgetEditor/widgetEditor.selectors';
import type { WidgetColourField } from '../../machines/widgetEditor/widgetEditor.events';
import type { WidgetType } from '#contracts';
import { useIntervalText } from '../dateRange/intervalText';
import { useT } from '../i18n';
import { widgetRegistry } from '../widgets/registry';
import { Button } from '../primitives/Button';
import { ColourButton } from './ColourButton';
import { Checkbox } from '../primitives/Checkbox';
import type { WidgetEditorActor } from './types';

const selectInterval = selectField('interval');
const selectShowUnits = selectField('showUnits');
const selectEnableLineEdit = selectField('enableLineEdit');
const selectDefaultColor = selectField('defaultColor');
const selectDefaultBackground = selectField('defaultBackgroundColor');
const COLOURS: readonly WidgetColourField[] = ['defaultColor', 'defaultBackgroundColor'];

/** The fields several types share: time range, units, line editing (as the registry says) and colours. */
export function CommonFields({ actor, type }: { actor: WidgetEditorActor; type: WidgetType }) {
  const t = useT();
  const editor = widgetRegistry[type]?.editor;
  const interval = useSelector(actor, selectInterval);
  const dateFormat = useSelector(actor, selectDateFormat);
  const timeZone = useSelector(actor, selectTimeZone);
  const intervalText = useIntervalText();
  const showUnits = useSelector(actor, selectShowUnits);
  const enableLineEdit = useSelector(actor, selectEnableLineEdit);
  const colours = {
    defaultColor: useSelector(actor, selectDefaultColor),
    defaultBackgroundColor: useSelector(actor, selectDefaultBackground),
  };
  return (
    <div className="flex flex-col gap-3">
      {editor?.interval && interval ? (
        <div className="flex flex-col gap-1">
          <span aria-hidden className="text-sm font-medium">
            {t('widgetEditor.interval')}
          </span>
          <Button
            variant="quiet"
            aria-label={t('widgetEditor.intervalValue', {
              range: intervalText(interval, dateFormat, timeZone),
            })}
            onClick={() => actor.send({ type: 'widget.pickInterval' })}
            className="border border-muted/40 text-left"
          >
            {intervalText(interval, dateFormat, timeZone)}
          </Button>
        </div>
      ) : null}
      {editor?.showUnits ? (
        <Checkbox
          label={t('widgetEditor.showUnits')}
          checked={showUnits ?? true}
          onCheckedChange={(checked) => actor.send({ type: 'widget.change', patch: { showUnits: checked } })}
        />
      ) : null}
      {editor?.lineEdit ? (
        <Checkbox
          label={t('widgetEditor.enableLineEdit')}
          checked={enableLineEdit ?? false}
          onCheckedChange={(checked) =>
            actor.send({ type: 'widget.change', patch: { enableLineEdit: checked } })
          }
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        {COLOURS.map((field) => (
          <ColourButton
            key={field}
            label={t(`widgetEditor.${field}`)}
            colour={colours[field]}
            onPick={() => actor.send({ type: 'widget.pickColour', field })}
          />
        ))}
      </div>
    </div>
  );
}
