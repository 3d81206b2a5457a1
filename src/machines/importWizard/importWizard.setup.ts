import { assign, sendTo, setup } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { Dashboard, DashboardImportFile, DashboardImportInput, DeviceTreeItem } from '#contracts';
import type { ImportWizardEvent } from './importWizard.events';
import {
  choosableDevices,
  mappedWidgets,
  mappingsComplete,
  mappingsOf,
  parseImportFile,
  withDepartment,
  withDevice,
  type DepartmentMapping,
  type DeviceMapping,
} from './importWizard.model';
import { notificationOf, notifications } from '../notifications/notify';
import { notProvided } from '../notProvided';

export interface ImportWizardContext {
  fileName: string | null;
  /** The chosen file's dashboard, once it was read and found valid. */
  document: DashboardImportFile | null;
  fileError: MessageId | null;
  /** The user's devices a file's device can map to. */
  devices: DeviceTreeItem[];
  name: string;
  mappings: DeviceMapping[];
  createBuffers: boolean;
  /** Step 2 was submitted once: missing fields show as errors from then on. */
  submitted: boolean;
  imported: Dashboard | null;
}

export const initialContext = (): ImportWizardContext => ({
  fileName: null,
  document: null,
  fileError: null,
  devices: [],
  name: '',
  mappings: [],
  createBuffers: false,
  submitted: false,
  imported: null,
});

/** The import call's body: the named dashboard with its widgets mapped to the chosen devices. */
export const importPayload = (context: ImportWizardContext): DashboardImportInput => ({
  name: context.name.trim(),
  widgets: mappedWidgets(context.document?.widgets ?? [], context.mappings, context.devices),
  createBuffers: context.createBuffers,
});

/** Implementations of the import wizard (importWizardMachine.ts holds its statechart). */
export const importWizardSetup = setup({
  types: {
    context: {} as ImportWizardContext,
    events: {} as ImportWizardEvent,
    output: {} as Dashboard | null,
  },
  actors: {
    // Provided by provideSignedInWorld; these defaults only fail loudly.
    readFile: notProvided<string, { file: File }>('readFile'),
    loadDevices: notProvided<DeviceTreeItem[]>('loadDevices'),
    importDashboard: notProvided<Dashboard, DashboardImportInput>('importDashboard'),
  },
  guards: {
    validFile: (_, params: { text: string }) => parseImportFile(params.text) !== null,
    hasFile: (_, params: { file: File | null }) => params.file !== null,
    hasDocument: ({ context }) => context.document !== null,
    /** SPEC §5: name required, every device and department replacement required. */
    ready: ({ context }) => context.name.trim() !== '' && mappingsComplete(context.mappings),
  },
  actions: {
    notify: sendTo(notifications, notificationOf),
    chooseFile: assign({
      fileName: (_, params: { file: File | null }) => params.file?.name ?? null,
      document: null,
      fileError: null,
    }),
    assignDocument: assign(({ context }, params: { text: string }) => {
      const document = parseImportFile(params.text);
      // A new file names the dashboard; the same one keeps what was typed.
      return { document, name: document?.name ?? context.name, submitted: false };
    }),
    rejectFile: assign({ document: null, fileError: 'importWizard.invalidFile' as MessageId }),
    /** Next without a usable file: none chosen is 'File is required'; a chosen one that failed stays invalid. */
    requireFile: assign({
      fileError: ({ context }): MessageId =>
        context.fileName === null ? 'importWizard.fileRequired' : 'importWizard.invalidFile',
    }),
    assignDevices: assign(({ context }, params: { tree: DeviceTreeItem[] }) => {
      const devices = choosableDevices(params.tree);
      return { devices, mappings: mappingsOf(context.document?.widgets ?? [], devices) };
    }),
    rename: assign({ name: (_, params: { value: string }) => params.value }),
    mapDevice: assign({
      mappings: ({ context }, params: { hexacode: string; key: string | null }) =>
        withDevice(context.mappings, context.devices, params.hexacode, params.key),
    }),
    mapDepartment: assign({
      mappings: ({ context }, params: DepartmentMapping & { hexacode: string }) =>
        withDepartment(context.mappings, params.hexacode, params),
    }),
    toggleBuffers: assign({ createBuffers: ({ context }) => !context.createBuffers }),
    markSubmitted: assign({ submitted: true }),
    assignImported: assign({ imported: (_, params: { dashboard: Dashboard }) => params.dashboard }),
  },
});
