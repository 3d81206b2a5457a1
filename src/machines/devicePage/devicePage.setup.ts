import { assign, enqueueActions, sendTo, setup } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { Line, LineStatus, LiveLine } from '#contracts/devices';
import { lineEditMachine } from '../lineEdit/lineEditMachine';
import type { NotificationsEvent } from '../notifications/notifications.events';
import type { DevicePageEvent, SocketSubscriptionEvent } from './devicePage.events';
import {
  pageTopic,
  sameAddress,
  type DepartmentLookup,
  type FoundDepartment,
  type LinesRequest,
  type LinesResponse,
  type PageAddress,
} from './devicePage.types';
import { notifications } from '../notifications/notify';
import { SYSTEM_IDS } from '../systemIds';
import { notProvided } from '../notProvided';

/**
 * Subscribes the page to its department's live values at the socket, or ends that subscription (typed by hand:
 * inside setup() TypeScript cannot infer the actions map an enqueueActions belongs to; it sends only).
 */
const tellSocket = (type: SocketSubscriptionEvent['type']) =>
  enqueueActions<
    DevicePageContext,
    DevicePageEvent,
    undefined,
    DevicePageEvent,
    never,
    never,
    never,
    never,
    never
  >(({ context, enqueue, self, system }) => {
    const socket = system.get(SYSTEM_IDS.socket);
    if (!socket || !context.address) return;
    const event: SocketSubscriptionEvent = { type, topic: pageTopic(context.address), subscriber: self };
    enqueue.sendTo(socket, event);
  });

/**
 * SPEC §9 polls every 60 s, and every 10 ms with real-time refresh on a REAL_DEVICE. Live values come over the
 * socket instead (the page subscribes to its topic and the server pushes changes), so the 10 ms polling is
 * replaced by pushes and the 60 s refresh stays only as a fallback for a missed push or a dropped socket.
 */
export const REFRESH_INTERVAL_MS = 60_000;
export interface DevicePageContext {
  address: PageAddress | null;
  showRealtimeNote: boolean;
  department: FoundDepartment | null;
  lines: Line[];
  /** Status of the last lines answer (OK, or why there are none: DEVICE_CAN_RECEIVED…). */
  linesStatus: LineStatus | null;
  selectedLine: Line | null;
}

const isOffline = (lookup: DepartmentLookup) =>
  lookup.kind === 'found' && (lookup.status === 'OFF' || lookup.status === 'OFF_ALARM');

const departmentLabel = ({ department, address }: DevicePageContext) =>
  department?.departmentName ??
  (address ? `${address.hexacode} ${address.department}.${address.subDepartment}` : '');

/** The lines of the open page, as the API asks for them. */
export const linesRequest = ({ address, department }: DevicePageContext): LinesRequest => {
  const target = address as PageAddress;
  const found = department as FoundDepartment;
  return {
    hexacode: target.hexacode,
    rawHexacode: found.rawHexacode,
    department: target.department,
    subDepartment: target.subDepartment,
    page: target.page,
    // SPEC §7: a real device adds its ADF and the department name.
    ...(found.deviceType === 'REAL_DEVICE' ? { adf: found.adf, departmentName: found.departmentName } : {}),
  };
};

export const emptyPage = { department: null, lines: [], linesStatus: null, selectedLine: null };

/** Implementations of the device page machine (devicePageMachine.ts holds its statechart). */
export const devicePageSetup = setup({
  types: {
    context: {} as DevicePageContext,
    events: {} as DevicePageEvent,
  },
  delays: { REFRESH_INTERVAL: REFRESH_INTERVAL_MS },
  actors: {
    // Provided by the wiring: the device tree answers, loading what it has not loaded yet.
    lookupDepartment: notProvided<DepartmentLookup, PageAddress>('lookupDepartment'),
    loadLines: notProvided<LinesResponse, LinesRequest>('loadLines'),
    refreshLines: notProvided<LinesResponse, LinesRequest>('refreshLines'),
    lineEdit: lineEditMachine,
  },
  guards: {
    sameOpenPage: ({ context }, params: { address: PageAddress }) =>
      sameAddress(context.address, params.address),
    unknownDevice: (_, params: { lookup: DepartmentLookup }) => params.lookup.kind === 'unknownDevice',
    unknownDepartment: (_, params: { lookup: DepartmentLookup }) =>
      params.lookup.kind === 'unknownDepartment',
    unknownPage: (_, params: { response: LinesResponse }) => params.response.status === 'PAGE_NOT_PRESENT',
    departmentOffline: (_, params: { lookup: DepartmentLookup }) => isOffline(params.lookup),
    lineEditable: ({ context }, params: { lineNumber: number }) =>
      context.lines.some((line) => line.number === params.lineNumber && !line.readOnly),
  },
  actions: {
    // Provided by the wiring: navigate to the catch-all page naming the message by catalogue id (see notFoundPath).
    redirectToNotFound: (_, _params: { message: MessageId }) => {},
    openPage: assign((_, params: { address: PageAddress; showRealtimeNote: boolean }) => ({
      ...emptyPage,
      address: params.address,
      showRealtimeNote: params.showRealtimeNote,
    })),
    assignRealtimeNote: assign({ showRealtimeNote: (_, params: { show: boolean }) => params.show }),
    forgetPage: assign({ ...emptyPage, address: null }),
    assignDepartment: assign({
      department: (_, params: { lookup: DepartmentLookup }) => params.lookup as FoundDepartment,
    }),
    assignLines: assign((_, params: { response: LinesResponse }) => ({
      lines: params.response.lines,
      linesStatus: params.response.status,
    })),
    applyPushedValues: assign({
      lines: ({ context }, params: { values: LiveLine[] }) => {
        const pushed = new Map(params.values.map((value) => [value.number, value]));
        return context.lines.map((line) => {
          const value = pushed.get(line.number);
          return value ? { ...line, status: value.status, value: value.value, unit: value.unit } : line;
        });
      },
    }),
    selectLine: assign({
      selectedLine: ({ context }, params: { lineNumber: number }) =>
        context.lines.find((line) => line.number === params.lineNumber) ?? null,
    }),
    forgetSelectedLine: assign({ selectedLine: null }),
    subscribeLive: tellSocket('socket.subscribe'),
    unsubscribeLive: tellSocket('socket.unsubscribe'),
    notifyLoadFailed: sendTo(notifications, ({ context }): NotificationsEvent => ({
      type: 'notification.show',
      kind: 'error',
      message: { id: 'devicePage.loadFailed', values: { department: departmentLabel(context) } },
    })),
  },
});
