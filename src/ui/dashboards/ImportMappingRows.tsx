import { useSelector } from '@xstate/react';
import type { ImportWizardActor } from '../../machines/dashboards/dashboards.selectors';
import type { DeviceMapping } from '../../machines/importWizard/importWizard.model';
import {
  selectDepartmentsOf,
  selectDevices,
  selectSubmitted,
} from '../../machines/importWizard/importWizard.selectors';
import { useT } from '../i18n';

const SELECT =
  'w-full rounded border border-muted/40 bg-surface px-2 py-1 disabled:opacity-50 aria-invalid:border-error';

/** One device of the file and its departments, each with its replacement and an OK / FAIL status. */
export function DeviceRows({ wizard, mapping }: { wizard: ImportWizardActor; mapping: DeviceMapping }) {
  const t = useT();
  const devices = useSelector(wizard, selectDevices);
  const departments = useSelector(wizard, selectDepartmentsOf(mapping.key));
  const submitted = useSelector(wizard, selectSubmitted);
  const { hexacode } = mapping;
  const choose = <option value="">{t('importWizard.choose')}</option>;
  return (
    <tbody className="border-t border-muted/20">
      <tr>
        <th scope="row" className="py-1 pr-2 font-medium">
          {hexacode}
        </th>
        <td className="py-1 pr-2">
          <select
            aria-label={t('importWizard.deviceOf', { hexacode })}
            className={SELECT}
            value={mapping.key ?? ''}
            aria-invalid={submitted && mapping.key === null ? true : undefined}
            onChange={(event) =>
              wizard.send({ type: 'import.mapDevice', hexacode, key: event.target.value || null })
            }
          >
            {choose}
            {devices.map((device) => (
              <option key={device.key} value={device.key}>
                {t('importWizard.deviceOption', { name: device.name, hexacode: device.hexacode })}
              </option>
            ))}
          </select>
        </td>
        <Status ok={mapping.key !== null} />
      </tr>
      {mapping.departments.map(({ department, subDepartment, key }) => (
        <tr key={`${department}.${subDepartment}`}>
          <th scope="row" className="py-1 pr-2 pl-4 font-normal">
            {t('importWizard.department', { department, subDepartment })}
          </th>
          <td className="py-1 pr-2">
            <select
              aria-label={t('importWizard.departmentOf', { hexacode, department, subDepartment })}
              className={SELECT}
              value={key ?? ''}
              disabled={mapping.key === null}
              aria-invalid={submitted && key === null ? true : undefined}
              onChange={(event) =>
                wizard.send({
                  type: 'import.mapDepartment',
                  hexacode,
                  department,
                  subDepartment,
                  key: event.target.value || null,
                })
              }
            >
              {choose}
              {departments.map((d) => (
                <option key={d.key} value={d.key}>
                  {t('importWizard.departmentOption', {
                    name: d.name,
                    department: d.department,
                    subDepartment: d.subDepartment,
                  })}
                </option>
              ))}
            </select>
          </td>
          <Status ok={key !== null} />
        </tr>
      ))}
    </tbody>
  );
}

/** OK when a replacement is chosen, FAIL (a warning: the import needs one) otherwise. */
function Status({ ok }: { ok: boolean }) {
  const t = useT();
  return (
    <td className={`py-1 font-semibold ${ok ? 'text-success' : 'text-warning'}`}>
      {t(ok ? 'importWizard.statusOk' : 'importWizard.statusFail')}
    </td>
  );
}
