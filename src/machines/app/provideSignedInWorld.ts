import { fromCallback, fromPromise } from 'xstate';
import type { LinesQuery } from '../../services/api';
import type { DashboardUpdateInput, DeviceConfigurationSave, LineWriteRequest } from '#contracts';
import type { AnnotationsSave } from '../annotations/annotations.events';
import type { DashboardEditorEvent } from '../dashboardEditor/dashboardEditor.events';
import { provideAccountDialogs } from '../accountDialogs/provideAccountDialogs';
import { provideAlarms } from '../alarms/provideAlarms';
import { annotationsMachine } from '../annotations/annotationsMachine';
import { dashboardEditorMachine } from '../dashboardEditor/dashboardEditorMachine';
import { widgetDownloadLogic } from '../dashboardEditor/widgetDownload';
import { provideHistoryQuery } from '../historyQuery/provideHistoryQuery';
import { provideDashboards } from '../dashboards/provideDashboards';
import { readFile, saveFile } from '../../services/download';
import { browserTimeZone } from '../../services/timeZone';
import { deviceConfigurationMachine } from '../deviceConfiguration/deviceConfigurationMachine';
import { notFoundPath, type PageAddress } from '../devicePage/devicePage.types';
import { devicePageMachine } from '../devicePage/devicePageMachine';
import { deviceTreeMachine } from '../deviceTree/deviceTreeMachine';
import { deviceLookups } from '../deviceLookups';
import { elementLineEditMachine } from '../elementLineEdit/elementLineEditMachine';
import { lineEditMachine } from '../lineEdit/lineEditMachine';
import { provideWidgetEditor } from '../widgetEditor/provideWidgetEditor';
import { provideSocket } from '../socket/provideSocket';
import { provideStores } from '../stores/provideStores';
import { provideReports } from '../reports/provideReports';
import { browserReportAddress } from '../../services/reportAddress';
import { lookupDepartment, type SystemLike } from './departmentLookup';
import type { AppServices } from '../../services/services';
import type { SignedInWorld } from './signedInWorld';

/**
 * Binds the machines of the signed-in world to the services. This module (and the machines it imports) is
 * a chunk of its own: provideApp loads it with import() when a session starts.
 */
export function provideSignedInWorld(services: AppServices): SignedInWorld {
  const { api, navigation, socket, alarms } = services;
  const lookups = deviceLookups(api);
  const lineEdit = lineEditMachine.provide({
    actors: { writeLine: fromPromise(({ input }: { input: LineWriteRequest }) => api.writeLine(input)) },
  });
  return {
    alarms: provideAlarms(alarms, saveFile),
    accountDialogs: provideAccountDialogs(services),
    socket: provideSocket(socket),
    stores: provideStores(api),
    reports: provideReports({ api, address: browserReportAddress, saveFile, timeZone: browserTimeZone }),
    deviceTree: deviceTreeMachine.provide({
      actors: {
        loadTree: lookups.tree,
        loadNames: lookups.names,
        loadPages: lookups.pages,
        loadLines: lookups.lines,
      },
    }),
    dashboards: provideDashboards(api, readFile).provide({
      actions: {
        navigate: (_, { path }) => navigation.go(path),
        redirectToNotFound: (_, { message }) => navigation.redirect(notFoundPath(message)),
        saveFile: (_, { fileName, contents }) =>
          saveFile(fileName, new Blob([contents], { type: 'application/json' })),
      },
    }),
    devicePage: devicePageMachine.provide({
      actors: {
        lookupDepartment: fromPromise(({ input, system }: { input: PageAddress; system: SystemLike }) =>
          lookupDepartment(api, system, input),
        ),
        loadLines: lookups.lines,
        refreshLines: fromPromise(({ input }: { input: LinesQuery }) => api.refreshLines(input)),
        lineEdit,
      },
      // The 404 page is told what was missing by catalogue id; it shows the text in the user's language.
      actions: { redirectToNotFound: (_, { message }) => navigation.redirect(notFoundPath(message)) },
    }),
    dashboardEditor: dashboardEditorMachine.provide({
      actors: {
        loadDashboard: fromPromise(({ input }: { input: { id: string } }) => api.getDashboard(input.id)),
        saveDashboard: fromPromise(({ input }: { input: DashboardUpdateInput }) => api.saveDashboard(input)),
        holdNavigation: fromCallback<DashboardEditorEvent>(({ sendBack }) =>
          navigation.hold((request) => sendBack({ type: 'navigation.requested', ...request })),
        ),
        widgetEditor: provideWidgetEditor(api),
        annotations: annotationsMachine.provide({
          actors: {
            saveAnnotations: fromPromise(({ input }: { input: AnnotationsSave }) =>
              api.saveMarkAreaElements(
                { dashboard: input.dashboardId, widget: input.widgetId },
                input.annotations,
              ),
            ),
          },
        }),
        downloadWidget: widgetDownloadLogic(
          ({ dashboardId, widgetId, exportType, name, range }) =>
            api.downloadWidget(
              // The time zone always: a widget of history not yet shown is downloaded over its own interval.
              { dashboardId, widgetId, ...range, timeZone: browserTimeZone() },
              { exportType, fileName: name },
            ),
          ({ fileName, blob }) => saveFile(fileName, blob),
        ),
        historyQuery: provideHistoryQuery({
          queryHistory: (query, signal) => api.queryHistory(query, signal),
          fetchAlarmMarks: (query) => api.fetchAlarmMarks(query),
          now: () => Date.now(),
          timeZone: browserTimeZone,
          ranges: services.ranges,
        }),
        elementLineEdit: elementLineEditMachine.provide({
          actors: {
            loadLine: fromPromise(async ({ input }: { input: LinesQuery & { line: number } }) => {
              const { lines } = await api.lines(input);
              return lines.find((line) => line.number === input.line) ?? null;
            }),
            lineEdit,
          },
        }),
      },
      actions: { proceed: (_, request) => request && navigation.proceed(request) },
    }),
    deviceConfiguration: deviceConfigurationMachine.provide({
      actors: {
        saveConfiguration: fromPromise(({ input }: { input: DeviceConfigurationSave }) =>
          api.saveDeviceConfiguration(input),
        ),
      },
    }),
  };
}
