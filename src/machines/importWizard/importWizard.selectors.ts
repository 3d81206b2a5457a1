import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { Department, DeviceTreeItem } from '#contracts';
import type { DeviceMapping } from './importWizard.model';
import type { importWizardMachine } from './importWizardMachine';

type ImportWizardSnapshot = SnapshotFrom<typeof importWizardMachine>;

export type ImportStep = 'file' | 'mapping';

/** Step 1 (choose the file) until the file is accepted, step 2 (name and mappings) after. */
export const selectStep = (s: ImportWizardSnapshot): ImportStep =>
  s.matches('mapping') || s.matches('importing') ? 'mapping' : 'file';
export const selectIsBusy = (s: ImportWizardSnapshot): boolean =>
  s.matches('reading') || s.matches('loadingDevices') || s.matches('importing');
export const selectFile = (s: ImportWizardSnapshot): { name: string | null; error: MessageId | null } => ({
  name: s.context.fileName,
  error: s.context.fileError,
});
export const selectName = (s: ImportWizardSnapshot): string => s.context.name;
/** 'Name is required', once step 2 was submitted. */
export const selectNameError = (s: ImportWizardSnapshot): MessageId | null =>
  s.context.submitted && s.context.name.trim() === '' ? 'importWizard.nameRequired' : null;
export const selectMappings = (s: ImportWizardSnapshot): DeviceMapping[] => s.context.mappings;
export const selectDevices = (s: ImportWizardSnapshot): DeviceTreeItem[] => s.context.devices;
export const selectCreateBuffers = (s: ImportWizardSnapshot): boolean => s.context.createBuffers;
export const selectSubmitted = (s: ImportWizardSnapshot): boolean => s.context.submitted;
/** The departments a file's department can map to: the chosen device's. */
export const selectDepartmentsOf =
  (key: string | null) =>
  (s: ImportWizardSnapshot): Department[] =>
    s.context.devices.find((d) => d.key === key)?.departments ?? [];
