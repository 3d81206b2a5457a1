import type { ImportWizardEvent } from './importWizard.events';
import { importPayload, importWizardSetup, initialContext } from './importWizard.setup';

export type { ImportWizardContext } from './importWizard.setup';

const fileOf = ({ event }: { event: ImportWizardEvent }) => ({
  file: (event as Extract<ImportWizardEvent, { type: 'import.chooseFile' }>).file,
});
const invalidFile = [
  'rejectFile',
  { type: 'notify', params: { kind: 'error', id: 'importWizard.invalidFile' } },
] as const;

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
      invoke: {
        id: 'loadDevices',
        src: 'loadDevices',
        onDone: {
          target: 'mapping',
          actions: { type: 'assignDevices', params: ({ event }) => ({ tree: event.output }) },
        },
        onError: {
          target: 'choosingFile',
          actions: { type: 'notify', params: { kind: 'error', id: 'importWizard.devicesFailed' } },
        },
      },
    },
    mapping: {
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
          actions: { type: 'notify', params: { kind: 'error', id: 'importWizard.importFailed' } },
        },
      },
    },
    imported: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
