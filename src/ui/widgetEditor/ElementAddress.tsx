import { useSelector } from '@xstate/react';
import { departmentName, deviceName } from '../../machines/widgetEditor/elementPick';
import {
  selectDepartmentKey,
  selectDepartments,
  selectDevices,
  selectElement,
  selectElementWidgetType,
  selectHexacode,
  selectLines,
  selectPage,
  selectPages,
} from '../../machines/widgetEditor/widgetElement.selectors';
import { lineDisplayName } from '../devicePage/lineText';
import { useT } from '../i18n';
import { Listbox } from '../primitives/Listbox';
import type { WidgetElementActor } from './types';

/** The pick chain: device → department → page → line (a PAGE widget stops at the page); each waits for the one above. */
export function ElementAddress({ actor }: { actor: WidgetElementActor }) {
  const t = useT();
  const devices = useSelector(actor, selectDevices);
  const hexacode = useSelector(actor, selectHexacode);
  const departments = useSelector(actor, selectDepartments);
  const departmentKey = useSelector(actor, selectDepartmentKey);
  const pages = useSelector(actor, selectPages);
  const page = useSelector(actor, selectPage);
  const lines = useSelector(actor, selectLines);
  const element = useSelector(actor, selectElement);
  const widgetType = useSelector(actor, selectElementWidgetType);
  const placeholder = t('widgetEditor.element.choose');
  const chosenLine = lines.some((line) => line.number === element.lineNumber)
    ? String(element.lineNumber)
    : '';

  return (
    <div className="grid grid-cols-2 gap-3">
      <Listbox
        label={t('widgetEditor.element.device')}
        value={hexacode ?? ''}
        placeholder={placeholder}
        choices={devices.map((device) => ({
          value: device.hexacode,
          label: t('widgetEditor.element.deviceOption', {
            name: deviceName(device),
            hexacode: device.hexacode,
          }),
        }))}
        onValueChange={(value) => actor.send({ type: 'element.pickDevice', hexacode: value })}
      />
      <Listbox
        label={t('widgetEditor.element.department')}
        value={departmentKey ?? ''}
        placeholder={placeholder}
        disabled={hexacode === null}
        choices={departments.map((department) => ({
          value: department.key,
          label: departmentName(department),
        }))}
        onValueChange={(key) => actor.send({ type: 'element.pickDepartment', key })}
      />
      <Listbox
        label={t('widgetEditor.element.page')}
        value={page === null ? '' : String(page)}
        placeholder={placeholder}
        disabled={departmentKey === null}
        choices={pages.map((each) => ({
          value: String(each.number),
          label: t('widgetEditor.element.pageOption', { number: each.number, name: each.name }),
        }))}
        onValueChange={(value) => actor.send({ type: 'element.pickPage', page: Number(value) })}
      />
      {widgetType === 'PAGE' ? null : (
        <Listbox
          label={t('widgetEditor.element.line')}
          value={chosenLine}
          placeholder={element.dataName ?? placeholder}
          disabled={page === null}
          choices={lines.map((line) => ({ value: String(line.number), label: lineDisplayName(line) }))}
          onValueChange={(value) => actor.send({ type: 'element.pickLine', line: Number(value) })}
        />
      )}
    </div>
  );
}
