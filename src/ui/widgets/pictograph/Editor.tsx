import { useSelector } from '@xstate/react';
import type { ElementPatch } from '../../../machines/widgetEditor/widgetElement.events';
import { selectElement } from '../../../machines/widgetEditor/widgetElement.selectors';
import { DEFAULT_PICTOGRAPH_ICON, PICTOGRAPH_ICON_NAMES } from '#contracts';
import { useT } from '../../i18n';
import { Listbox } from '../../primitives/Listbox';
import { Checkbox } from '../../primitives/Checkbox';
import { NumberField } from '../../widgetEditor/fields';
import type { ElementEditorProps } from '../../widgetEditor/types';

const ICON_CHOICES = PICTOGRAPH_ICON_NAMES.map((name) => ({ value: name, label: name }));

/** A pictograph element's own fields: its icon, its range and whether its line may be edited. */
export default function PictographEditor({ actor }: ElementEditorProps) {
  const t = useT();
  const element = useSelector(actor, selectElement);
  const change = (patch: ElementPatch) => actor.send({ type: 'element.change', patch });
  return (
    <div className="grid grid-cols-3 gap-3">
      <Listbox
        label={t('widgetEditor.pictograph.icon')}
        value={element.icon ?? DEFAULT_PICTOGRAPH_ICON}
        choices={ICON_CHOICES}
        onValueChange={(icon) => change({ icon })}
      />
      <NumberField
        label={t('widgetEditor.pictograph.min')}
        value={element.min}
        onNumberChange={(min) => change({ min })}
      />
      <NumberField
        label={t('widgetEditor.pictograph.max')}
        value={element.max}
        onNumberChange={(max) => change({ max })}
      />
      <Checkbox
        label={t('widgetEditor.enableLineEdit')}
        checked={element.enableLineEdit}
        onCheckedChange={(enableLineEdit) => change({ enableLineEdit })}
      />
    </div>
  );
}
