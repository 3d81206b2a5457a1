import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { Department, DeviceTreeItem, Line, Page } from '#contracts/devices';
import type { WidgetType } from '#contracts/widgets';
import type { EditorElement } from './widgetDefaults';
import type { ElementColourField } from './widgetElement.events';
import type { widgetElementMachine } from './widgetElementMachine';

type WidgetElementSnapshot = SnapshotFrom<typeof widgetElementMachine>;

export const selectElementWidgetType = (s: WidgetElementSnapshot): WidgetType => s.context.widgetType;
export const selectElement = (s: WidgetElementSnapshot): EditorElement => s.context.element;
export const selectLabel = (s: WidgetElementSnapshot): string => s.context.label;
export const selectDevices = (s: WidgetElementSnapshot): readonly DeviceTreeItem[] => s.context.devices;
export const selectHexacode = (s: WidgetElementSnapshot): string | null => s.context.hexacode;
export const selectDepartments = (s: WidgetElementSnapshot): readonly Department[] => s.context.departments;
export const selectDepartmentKey = (s: WidgetElementSnapshot): string | null => s.context.departmentKey;
export const selectPages = (s: WidgetElementSnapshot): readonly Page[] => s.context.pages;
export const selectPage = (s: WidgetElementSnapshot): number | null => s.context.page;
export const selectLines = (s: WidgetElementSnapshot): readonly Line[] => s.context.lines;
/** Number of elements a picked page of a PAGE widget makes (0 until its lines are loaded). */
export const selectPageElementCount = (s: WidgetElementSnapshot): number =>
  s.context.pageElements?.length ?? 0;
export const selectElementError = (s: WidgetElementSnapshot): MessageId | null => s.context.error;
export const selectIsLoadingDevices = (s: WidgetElementSnapshot): boolean => s.matches('loadingDevices');
export const selectDevicesFailed = (s: WidgetElementSnapshot): boolean => s.matches('failed');
/** Whether a list of the pick chain is loading. */
export const selectIsLoadingAddress = (s: WidgetElementSnapshot): boolean =>
  s.matches({ form: { address: 'loadingDepartments' } }) ||
  s.matches({ form: { address: 'loadingPages' } }) ||
  s.matches({ form: { address: 'loadingLines' } });
/** The element's buffer choice while the element reads one (historical types). */
export const selectElementBuffer = (s: WidgetElementSnapshot) => s.children.elementBuffer;
/** The colour picker while an element colour is picked. */
export const selectElementColourPicker = (s: WidgetElementSnapshot) => s.children.colourPicker;
/** The element colour being picked. */
export const selectElementColourField = (s: WidgetElementSnapshot): ElementColourField | null =>
  s.context.colourField;
