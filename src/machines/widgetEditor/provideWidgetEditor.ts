import { fromPromise } from 'xstate';
import type { Api, DepartmentNamesQuery, LinesQuery, PagesQuery } from '../../services/api';
import { widgetElementMachine } from './widgetElementMachine';
import { widgetEditorMachine } from './widgetEditorMachine';

/** The widget editor with the devices API behind its element step's lists. */
export const provideWidgetEditor = (
  api: Pick<Api, 'getDeviceTree' | 'departmentNames' | 'pages' | 'lines'>,
) =>
  widgetEditorMachine.provide({
    actors: {
      widgetElement: widgetElementMachine.provide({
        actors: {
          loadDevices: fromPromise(() => api.getDeviceTree()),
          loadDepartments: fromPromise(({ input }: { input: DepartmentNamesQuery }) =>
            api.departmentNames(input),
          ),
          loadPages: fromPromise(({ input }: { input: PagesQuery }) => api.pages(input)),
          loadLines: fromPromise(({ input }: { input: LinesQuery }) => api.lines(input)),
        },
      }),
    },
  });
