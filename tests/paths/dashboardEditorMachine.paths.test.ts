import { createMachine, type SnapshotFrom } from 'xstate';
import { dashboardEditorMachine } from '../../src/machines/dashboardEditor/dashboardEditorMachine';
import type { WidgetDownloadRequest } from '../../src/machines/dashboardEditor/widgetDownload';
import type { widgetEditorMachine } from '../../src/machines/widgetEditor/widgetEditorMachine';
import { elementLineEditMachine } from '../../src/machines/elementLineEdit/elementLineEditMachine';
import { DEFAULT_PREFERENCES } from '../../src/machines/userPreferences';
import { DashboardConflictError } from '../../src/services/api';
import type { LinesQuery } from '../../src/services/api';
import type { Line } from '../../src/services/contracts/devices';
import type { Dashboard, DashboardUpdateInput, OpenedDashboard } from '../../src/services/contracts';
import { editedDashboard, freezerTopic, layoutOf } from '../support/dashboardEditorFixtures';
import { describeMachinePaths, modelEvents, pending, type ModelOptions } from '../support/machinePaths';

const { done, failed } = modelEvents<typeof dashboardEditorMachine>();

const model: ModelOptions<typeof dashboardEditorMachine> = {
  events: [
    { type: 'dashboard.open', id: 'd-overview' },
    { type: 'dashboard.open', id: 'd-freezers' },
    { type: 'dashboard.close' },
    { type: 'dashboard.reload' },
    { type: 'dashboard.edit' },
    { type: 'dashboard.layoutChanged', layout: layoutOf(editedDashboard) },
    { type: 'dashboard.layoutChanged', layout: layoutOf(editedDashboard, { 'w-1': { y: 4 } }) },
    { type: 'dashboard.removeWidget', id: 'w-2' },
    { type: 'dashboard.toggleFullscreen', id: 'w-1' },
    { type: 'dashboard.save' },
    { type: 'dashboard.leaveEdit' },
    { type: 'dashboard.confirmSave' },
    { type: 'dashboard.discard' },
    { type: 'dashboard.stayEditing' },
    { type: 'dashboard.deleted', id: 'd-overview' },
    { type: 'dashboard.renamed', dashboard: { ...editedDashboard, name: 'Renamed', version: 9 } },
    { type: 'dashboard.downloadWidget', id: 'w-1', exportType: 'CSV' },
    { type: 'dashboard.addWidget' },
    { type: 'dashboard.editWidget', id: 'w-1' },
    done('widgetEditor', { widget: { ...editedDashboard.widgets[0]!, name: 'Renamed widget' } }),
    done('widgetEditor', null),
    { type: 'dashboard.rename' },
    { type: 'rename.change', value: ' ' },
    { type: 'rename.change', value: 'Night shift' },
    { type: 'rename.submit' },
    { type: 'rename.cancel' },
    { type: 'dashboard.editLine', element: editedDashboard.widgets[0]!.elements[0]! },
    done('elementLineEdit'),
    {
      type: 'dashboard.preferencesChanged',
      preferences: { ...DEFAULT_PREFERENCES, timeZone: 'Europe/Oslo' },
    },
    { type: 'dashboard.editAnnotations', id: 'w-1' },
    {
      type: 'dashboard.annotationsSaved',
      widgetId: 'w-1',
      annotations: [
        {
          id: 'a-1',
          name: 'Defrost',
          color: '#FF0000FF',
          startDate: '2026-01-01T00:00:00Z',
          endDate: '2026-01-01T01:00:00Z',
        },
      ],
    },
    done('annotations'),
    {
      type: 'page.valuesPushed',
      topic: freezerTopic,
      lines: [{ number: 1, status: 'OK', value: '-18.5', unit: '°C' }],
    },
    {
      type: 'page.valuesPushed',
      topic: { ...freezerTopic, page: 9 },
      lines: [{ number: 1, status: 'OK', value: '4', unit: '°C' }],
    },
    done('loadDashboard', editedDashboard),
    failed('loadDashboard'),
    done('saveDashboard', { ...editedDashboard, version: 4 }),
    failed('saveDashboard', new DashboardConflictError(5)),
    failed('saveDashboard', new Error('network')),
  ],
  serializeState: (s: SnapshotFrom<typeof dashboardEditorMachine>) =>
    JSON.stringify({
      value: s.value,
      open: s.context.id !== null,
      dirty: s.context.dirty,
      // Where a save lands (viewing or editing, the question again on failure) is a guard's reading.
      leaveAfterSave: s.context.leaveAfterSave,
      fullscreen: s.context.fullscreenId !== null,
      renameValid: s.context.rename.value.trim() !== '',
      lineEdit: s.context.lineEdit !== null,
      annotations: s.context.annotations !== null,
    }),
};

describeMachinePaths('dashboard editor machine paths', dashboardEditorMachine, {
  models: model,
  runnable: dashboardEditorMachine.provide({
    actors: {
      loadDashboard: pending<OpenedDashboard, { id: string }>(),
      saveDashboard: pending<Dashboard, DashboardUpdateInput>(),
      widgetEditor: createMachine({}) as unknown as typeof widgetEditorMachine,
      downloadWidget: pending<void, WidgetDownloadRequest>(),
      elementLineEdit: elementLineEditMachine.provide({
        actors: { loadLine: pending<Line | null, LinesQuery & { line: number }>() },
      }),
    },
    actions: { notify: () => {} },
  }),
});
