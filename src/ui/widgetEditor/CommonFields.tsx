import { useSelector } from '@xstate/react';
import { selectField } from '../../machines/widgetEditor/widgetEditor.selectors';
import type { WidgetColourField } from '../../machines/widgetEditor/widgetEditor.events';
import { INTERVAL_TYPES, type WidgetType } from '../../services/contracts';
import { useT } from '../i18n';
import { widgetRegistry } from '../widgets/registry';
import { Listbox } from '../primitives/Listbox';
import { ColourButton } from './ColourButton';
import { Checkbox, choicesOf } from './fields';
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
  const showUnits = useSelector(actor, selectShowUnits);
  const enableLineEdit = useSelector(actor, selectEnableLineEdit);
  const colours = {
    defaultColor: useSelector(actor, selectDefaultColor),
    defaultBackgroundColor: useSelector(actor, selectDefaultBackground),
  };
  return (
    <div className="flex flex-col gap-3">
      {editor?.interval && interval ? (
        <Listbox
          label={t('widgetEditor.interval')}
          value={interval.type}
          choices={choicesOf(INTERVAL_TYPES, (value) => t(`widgetEditor.interval.${value}`))}
          onValueChange={(value) =>
            actor.send({
              type: 'widget.change',
              patch: { interval: { ...interval, type: value as (typeof INTERVAL_TYPES)[number] } },
            })
          }
        />
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
