import { fromPromise } from 'xstate';
import type { WidgetExportType } from '#contracts';
import { notificationOf } from '../notifications/notify';
import { SYSTEM_IDS } from '../systemIds';

export interface WidgetDownloadRequest {
  dashboardId: string;
  widgetId: string;
  exportType: WidgetExportType;
  /** The widget's name, for the file and for the failure notice. */
  name: string;
  /** The range a widget of history shows (ISO instants), downloaded over it; null for current values. */
  range: { from: string; to: string } | null;
}

export interface WidgetFile {
  fileName: string;
  blob: Blob;
}

/**
 * Downloads a widget's current values (CSV or JSON) and hands the file to the browser. It never fails its
 * spawner: a failure is reported to the operator as a notification naming the widget.
 */
export const widgetDownloadLogic = (
  download: (request: WidgetDownloadRequest) => Promise<WidgetFile>,
  save: (file: WidgetFile) => void,
) =>
  fromPromise<void, WidgetDownloadRequest>(async ({ input, system }) => {
    try {
      save(await download(input));
    } catch {
      const failed = {
        kind: 'error',
        id: 'dashboardEditor.downloadFailed',
        values: { name: input.name },
      } as const;
      system.get(SYSTEM_IDS.notifications)?.send(notificationOf(null, failed));
    }
  });
