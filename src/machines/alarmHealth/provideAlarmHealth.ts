import { fromPromise } from 'xstate';
import type { AlarmHealthApi } from '../../services/api/alarmHealth';
import type { HealthRangeDays } from './alarmHealth.events';
import { alarmHealthMachine } from './alarmHealthMachine';

const DAY_MS = 24 * 3_600_000;

/** The alarm health bound to GET /api/v2/alarms/health, the range ending now. */
export const provideAlarmHealth = (api: AlarmHealthApi, now: () => Date = () => new Date()) =>
  alarmHealthMachine.provide({
    actors: {
      loadHealth: fromPromise(({ input }: { input: { days: HealthRangeDays } }) => {
        const to = now();
        return api.fetchAlarmHealth({
          from: new Date(to.getTime() - input.days * DAY_MS).toISOString(),
          to: to.toISOString(),
        });
      }),
    },
  });
