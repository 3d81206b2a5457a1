import { deviceLookups, type DeviceLookupsApi } from '../deviceLookups';
import { widgetElementMachine } from './widgetElementMachine';
import { widgetEditorMachine } from './widgetEditorMachine';

/** The widget editor with the devices API behind its element step's lists. */
export const provideWidgetEditor = (api: DeviceLookupsApi) => {
  const lookups = deviceLookups(api);
  return widgetEditorMachine.provide({
    actors: {
      widgetElement: widgetElementMachine.provide({
        actors: {
          loadDevices: lookups.tree,
          loadDepartments: lookups.names,
          loadPages: lookups.pages,
          loadLines: lookups.lines,
        },
      }),
    },
  });
};
