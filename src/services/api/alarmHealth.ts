import * as v from 'valibot';
import type { KyInstance } from 'ky';
import { AlarmHealth, AlarmMarks, type AlarmHealthQuery, type AlarmMarksQuery } from '#contracts';
import { params } from './helpers';

/** Issue 31: the alarm system's health (administrators) and the marks of a device chart. */
export interface AlarmHealthApi {
  fetchAlarmHealth(query: AlarmHealthQuery): Promise<AlarmHealth>;
  fetchAlarmMarks(query: AlarmMarksQuery): Promise<AlarmMarks>;
}

export function createAlarmHealthApi(http: KyInstance): AlarmHealthApi {
  return {
    fetchAlarmHealth: async (query) =>
      v.parse(AlarmHealth, await http.get('v2/alarms/health', { searchParams: params(query) }).json()),
    fetchAlarmMarks: async (query) =>
      v.parse(AlarmMarks, await http.get('v2/alarms/marks', { searchParams: params(query) }).json()),
  };
}
