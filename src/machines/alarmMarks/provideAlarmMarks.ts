import { fromPromise } from 'xstate';
import type { AlarmMarks } from '#contracts';
import type { AlarmHealthApi } from '../../services/api/alarmHealth';
import type { MarksRange } from './alarmMarks.events';
import { alarmMarksMachine } from './alarmMarksMachine';

/** The marks of several devices as one: each kind's entries of every device, in time order. */
function merged(answers: AlarmMarks[]): AlarmMarks {
  const all = <K extends keyof AlarmMarks>(kind: K, time: (entry: AlarmMarks[K][number]) => string) =>
    answers
      .flatMap((answer) => answer[kind] as AlarmMarks[K][number][])
      .sort((a, b) => time(a).localeCompare(time(b)));
  return {
    alarms: all('alarms', (a) => a.from),
    acknowledgements: all('acknowledgements', (a) => a.at),
    setpoints: all('setpoints', (s) => s.at),
    defrosts: all('defrosts', (d) => d.from),
  } as AlarmMarks;
}

/** A chart's alarm marks bound to GET /api/v2/alarms/marks, one request a device. */
export const provideAlarmMarks = (fetchAlarmMarks: AlarmHealthApi['fetchAlarmMarks']) =>
  alarmMarksMachine.provide({
    actors: {
      loadMarks: fromPromise<AlarmMarks, MarksRange>(async ({ input }) =>
        merged(
          await Promise.all(
            input.devices.map((device) => fetchAlarmMarks({ ...device, from: input.from, to: input.to })),
          ),
        ),
      ),
    },
  });
