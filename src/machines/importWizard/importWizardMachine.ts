import type { ImportWizardEvent } from './importWizard.events';
import { importPayload, importWizardSetup, initialContext } from './importWizard.setup';
import { notify } from '../notifications/notify';

const fileOf = ({ event }: { event: ImportWizardEvent }) => ({
  file: (event as Extract<ImportWizardEvent, { type: 'import.chooseFile' }>).file,
});
const invalidFile = ['rejectFile', notify('error', 'importWizard.invalidFile')] as const;

/**
 * The dashboard import wizard (SPEC §4, §5), invoked by the dashboards list: step 1 reads and checks the chosen
 * file; step 2 names the dashboard and maps each of its devices and departments to the user's; then the import
 * call. Its output is the imported dashboard, or null when cancelled.
 */
export const importWizardMachine = importWizardSetup.createMachine({
  id: 'importWizard',
  context: initialContext,
  initial: 'choosingFile',
  output: ({ context }) => context.imported,
  states: {
    choosingFile: {
      description:
        "The import dialog's first step: the user chooses a dashboard file; an invalid file shows why.",
      on: {
        'import.chooseFile': [
          {
            guard: { type: 'hasFile', params: fileOf },
            target: 'reading',
            actions: { type: 'chooseFile', params: fileOf },
          },
          { actions: { type: 'chooseFile', params: fileOf } },
        ],
        'import.next': [{ guard: 'hasDocument', target: 'loadingDevices' }, { actions: 'requireFile' }],
        'import.cancel': 'cancelled',
      },
    },
    reading: {
      description: 'The chosen file is being read and checked.',
      invoke: {
        id: 'readFile',
        src: 'readFile',
        input: ({ event }) => ({ file: fileOf({ event }).file! }),
        onDone: [
          {
            guard: { type: 'validFile', params: ({ event }) => ({ text: event.output }) },
            target: 'choosingFile',
            actions: { type: 'assignDocument', params: ({ event }) => ({ text: event.output }) },
          },
          { target: 'choosingFile', actions: invalidFile },
        ],
        onError: { target: 'choosingFile', actions: invalidFile },
      },
    },
    loadingDevices: {
      description: 'The devices the dashboard could be mapped to are being fetched.',
      invoke: {
        id: 'loadDevices',
        src: 'loadDevices',
        onDone: {
          target: 'mapping',
          actions: { type: 'assignDevices', params: ({ event }) => ({ tree: event.output }) },
        },
        onError: {
          target: 'choosingFile',
          actions: notify('error', 'importWizard.devicesFailed'),
        },
      },
    },
    mapping: {
      description:
        'The second step: the user names the dashboard and maps its devices and departments to their own.',
      on: {
        'import.rename': { actions: { type: 'rename', params: ({ event }) => event } },
        'import.mapDevice': { actions: { type: 'mapDevice', params: ({ event }) => event } },
        'import.mapDepartment': { actions: { type: 'mapDepartment', params: ({ event }) => event } },
        'import.toggleBuffers': { actions: 'toggleBuffers' },
        'import.back': 'choosingFile',
        'import.submit': [{ guard: 'ready', target: 'importing' }, { actions: 'markSubmitted' }],
        'import.cancel': 'cancelled',
      },
    },
    importing: {
      description: 'The dashboard is being imported; a failure returns to the mapping with an error.',
      invoke: {
        id: 'importDashboard',
        src: 'importDashboard',
        input: ({ context }) => importPayload(context),
        onDone: {
          target: 'imported',
          actions: { type: 'assignImported', params: ({ event }) => ({ dashboard: event.output }) },
        },
        onError: {
          target: 'mapping',
          actions: notify('error', 'importWizard.importFailed'),
        },
      },
    },
    imported: {
      description: 'The dashboard was imported; the dialog closes and the new dashboard opens.',
      type: 'final',
    },
    cancelled: { description: 'The user cancelled the import; the dialog closes.', type: 'final' },
  },
});
