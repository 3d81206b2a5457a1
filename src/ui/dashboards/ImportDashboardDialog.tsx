import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ImportWizardActor } from '../../machines/dashboards/dashboards.selectors';
import {
  selectCreateBuffers,
  selectFile,
  selectIsBusy,
  selectMappings,
  selectName,
  selectNameError,
  selectStep,
} from '../../machines/importWizard/importWizard.selectors';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { Dialog } from '../primitives/Dialog';
import { Checkbox } from '../primitives/Checkbox';
import { ScrollRegion } from '../primitives/ScrollRegion';
import { TextField } from '../primitives/TextField';
import { DeviceRows } from './ImportMappingRows';
import { FieldNote } from '../primitives/FieldNote';

type WizardProps = { wizard: ImportWizardActor };

/** SPEC §4 import: step 1 chooses the file; step 2 names the dashboard and maps its devices and departments. */
export function ImportDashboardDialog({ wizard }: WizardProps) {
  const t = useT();
  const step = useSelector(wizard, selectStep);
  const busy = useSelector(wizard, selectIsBusy);
  const cancel = () => wizard.send({ type: 'import.cancel' });
  return (
    <Dialog
      title={t('importWizard.title')}
      width="max-w-[800px]"
      onClose={cancel}
      onSubmit={() => wizard.send({ type: step === 'file' ? 'import.next' : 'import.submit' })}
      footer={
        <>
          <Button variant="quiet" onClick={cancel}>
            {t('importWizard.cancel')}
          </Button>
          {step === 'mapping' ? (
            <Button variant="quiet" disabled={busy} onClick={() => wizard.send({ type: 'import.back' })}>
              {t('importWizard.back')}
            </Button>
          ) : null}
          <Button type="submit" disabled={busy}>
            {t(step === 'file' ? 'importWizard.next' : 'importWizard.import')}
          </Button>
        </>
      }
    >
      <p className="mb-3 text-sm text-muted">
        {t(step === 'file' ? 'importWizard.stepFile' : 'importWizard.stepMapping')}
      </p>
      {step === 'file' ? <FileStep wizard={wizard} /> : <MappingStep wizard={wizard} />}
    </Dialog>
  );
}

function FileStep({ wizard }: WizardProps) {
  const t = useT();
  const id = useId();
  const file = useSelector(wizard, selectFile);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {t('importWizard.file')}
      </label>
      <input
        id={id}
        type="file"
        accept="application/json,.json"
        aria-invalid={file.error ? true : undefined}
        aria-describedby={file.error ? `${id}-error` : undefined}
        onChange={(event) =>
          wizard.send({ type: 'import.chooseFile', file: event.target.files?.[0] ?? null })
        }
      />
      {file.name ? <p className="text-sm">{t('importWizard.chosenFile', { name: file.name })}</p> : null}
      <FieldNote id={`${id}-error`}>{file.error && t(file.error)}</FieldNote>
    </div>
  );
}

function MappingStep({ wizard }: WizardProps) {
  const t = useT();
  const name = useSelector(wizard, selectName);
  const nameError = useSelector(wizard, selectNameError);
  const mappings = useSelector(wizard, selectMappings);
  const createBuffers = useSelector(wizard, selectCreateBuffers);
  return (
    <div className="flex flex-col gap-4">
      <TextField
        label={t('importWizard.name')}
        value={name}
        error={nameError ? t(nameError) : null}
        onValueChange={(value) => wizard.send({ type: 'import.rename', value })}
      />
      {mappings.length === 0 ? (
        <p className="text-sm italic">{t('importWizard.noDevices')}</p>
      ) : (
        <ScrollRegion label={t('importWizard.mappings')} className="max-h-[60vh]">
          <table className="w-full text-left text-sm">
            <caption className="mb-1 text-left font-medium">{t('importWizard.mappings')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('importWizard.sourceDevice')}</th>
                <th scope="col">{t('importWizard.replacement')}</th>
                <th scope="col">{t('importWizard.status')}</th>
              </tr>
            </thead>
            {mappings.map((mapping) => (
              <DeviceRows key={mapping.hexacode} wizard={wizard} mapping={mapping} />
            ))}
          </table>
        </ScrollRegion>
      )}
      <Checkbox
        label={t('importWizard.createBuffers')}
        checked={createBuffers}
        onCheckedChange={() => wizard.send({ type: 'import.toggleBuffers' })}
      />
    </div>
  );
}
