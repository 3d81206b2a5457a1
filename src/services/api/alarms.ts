import * as v from 'valibot';
import { HTTPError, type KyInstance } from 'ky';
import {
  AccountSettings,
  ALARM_CHANGE_ID_HEADER,
  AlarmEntries,
  AlarmHistoryPage,
  type AccountSettingsUpdate,
  type AlarmEntry,
  type AlarmHistoryQuery,
  PushSubscriptionRequest,
  ShelvedAlarms,
  type ShelvedAlarm,
  TestNotificationResult,
  VapidPublicKey,
} from '#contracts';
import { errorBodyOf } from './failures';
import { fileNameOf, params } from './helpers';

/** Thrown when the server refuses a call with a reason (its error body's message), shown to the user as is. */
class ServerReasonError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ServerReasonError';
  }
}

/** Rethrows an HTTP error carrying an error body as ServerReasonError, anything else as it came. */
async function reasonOr(error: unknown): Promise<never> {
  if (error instanceof HTTPError) {
    const body = await errorBodyOf(error.response);
    if (body) throw new ServerReasonError(body.message);
  }
  throw error;
}

/** What asking for a test notification gave: sent to the user's browsers, or none of them is subscribed. */
type TestNotificationOutcome = { kind: 'sent'; result: TestNotificationResult } | { kind: 'notSubscribed' };

/** The history query as sent: numbers as text, absent filters left out. */
const historyParams = (query: AlarmHistoryQuery, format?: 'csv') =>
  params({
    format,
    page: String(query.page),
    pageLength: String(query.pageLength),
    sortField: query.sortField,
    sortDirection: query.sortDirection,
    hexacode: query.hexacode,
    department: query.department,
    from: query.from,
    to: query.to,
  });

/** The active alarms and the change they include: the stream resumes after it (null: a server that names none). */
export interface AlarmSnapshot {
  entries: AlarmEntry[];
  changeId: string | null;
}

/** Alarms and push notifications (server/src/modules/alarms, push routes), answers parsed by the contracts. */
export interface AlarmsApi {
  /** GET /api/v2/alarms/: every device with active alarms. */
  listAlarms(): Promise<AlarmSnapshot>;
  /** GET /api/v2/alarms/history; a refusal throws ServerReasonError with the server's reason. */
  alarmHistory(query: AlarmHistoryQuery): Promise<AlarmHistoryPage>;
  /** GET /api/v2/alarms/history?format=csv: every occurrence the query matches, as a file. */
  downloadAlarmHistory(query: AlarmHistoryQuery): Promise<{ fileName: string; blob: Blob }>;
  /** POST /api/v2/alarms/:id/acknowledge (DEVICES at WRITE). */
  acknowledgeAlarm(id: string, comment: string): Promise<void>;
  /** POST /api/v2/alarms/:id/shelve; a refusal (over the tenant's maximum) throws ServerReasonError. */
  shelveAlarm(id: string, minutes: number, reason: string): Promise<void>;
  /** DELETE /api/v2/alarms/:id/shelve */
  unshelveAlarm(id: string): Promise<void>;
  /** GET /api/v2/alarms/shelved */
  shelvedAlarms(): Promise<ShelvedAlarm[]>;
  /** POST /api/v2/account/settings with the alarm switches only; answers the full settings. */
  saveAlarmSettings(
    update: Pick<AccountSettingsUpdate, 'alarmSound' | 'alarmBrowserNotifications'>,
  ): Promise<AccountSettings>;
  /** GET /api/v2/key: the server's VAPID public key (base64url). */
  pushKey(): Promise<string>;
  /** POST /api/v2/subscribe */
  subscribePush(subscription: PushSubscriptionRequest): Promise<void>;
  /** GET /api/v2/unsubscribe of this browser's endpoint. */
  unsubscribePush(endpoint?: string): Promise<void>;
  /**
   * GET /api/v2/test-notification: the server pushes a test notification to the user's browsers; 404
   * PUSH_NOT_SUBSCRIBED when none is subscribed.
   */
  testNotification(): Promise<TestNotificationOutcome>;
}

export function createAlarmsApi(http: KyInstance): AlarmsApi {
  return {
    listAlarms: async () => {
      const response = await http.get('v2/alarms/');
      const entries = v.parse(AlarmEntries, await response.json());
      return { entries, changeId: response.headers.get(ALARM_CHANGE_ID_HEADER) };
    },
    alarmHistory: async (query) =>
      v.parse(
        AlarmHistoryPage,
        await http
          .get('v2/alarms/history', { searchParams: historyParams(query) })
          .json()
          .catch(reasonOr),
      ),
    downloadAlarmHistory: async (query) => {
      const response = await http.get('v2/alarms/history', {
        searchParams: historyParams(query, 'csv'),
      });
      return {
        fileName: fileNameOf(response.headers.get('content-disposition'), 'alarm-history.csv'),
        blob: await response.blob(),
      };
    },
    async acknowledgeAlarm(id, comment) {
      await http
        .post(`v2/alarms/${encodeURIComponent(id)}/acknowledge`, { json: { comment } })
        .catch(reasonOr);
    },
    async shelveAlarm(id, minutes, reason) {
      await http
        .post(`v2/alarms/${encodeURIComponent(id)}/shelve`, { json: { minutes, reason } })
        .catch(reasonOr);
    },
    async unshelveAlarm(id) {
      await http.delete(`v2/alarms/${encodeURIComponent(id)}/shelve`).catch(reasonOr);
    },
    shelvedAlarms: async () => v.parse(ShelvedAlarms, await http.get('v2/alarms/shelved').json()),
    saveAlarmSettings: async (update) =>
      v.parse(AccountSettings, await http.post('v2/account/settings', { json: update }).json()),
    pushKey: async () => v.parse(VapidPublicKey, await http.get('v2/key').json()).publicKey,
    async subscribePush(subscription) {
      await http.post('v2/subscribe', { json: v.parse(PushSubscriptionRequest, subscription) });
    },
    async unsubscribePush(endpoint) {
      await http.get('v2/unsubscribe', { searchParams: params({ endpoint }) });
    },
    async testNotification() {
      try {
        const result = v.parse(TestNotificationResult, await http.get('v2/test-notification').json());
        return { kind: 'sent', result };
      } catch (error) {
        if (!(error instanceof HTTPError) || error.response.status !== 404) throw error;
        const body = await errorBodyOf(error.response);
        if (body?.code === 'PUSH_NOT_SUBSCRIBED') return { kind: 'notSubscribed' };
        throw error;
      }
    },
  };
}
