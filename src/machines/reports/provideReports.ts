import { fromPromise } from 'xstate';
import type { LimitBody, ReportScheduleInput, SignOffBody } from '#contracts';
import type { FleetApi } from '../../services/api/fleet';
import type { ReportsApi } from '../../services/api/reports';
import type { ReportAddress } from '../../services/reportAddress';
import type { ReportChoice } from './reports.events';
import type { ReportQuery } from './reviews';
import { reportsMachine } from './reportsMachine';
import { limitsMachine } from './limitsMachine';
import { schedulesMachine } from './schedulesMachine';

export interface ReportsServices {
  api: FleetApi & ReportsApi;
  address: ReportAddress;
  saveFile: (fileName: string, blob: Blob) => void;
  timeZone: () => string;
}

/** The Reports screen bound to the server, the address bar and the browser's downloads. */
export const provideReports = ({ api, address, saveFile, timeZone }: ReportsServices) =>
  reportsMachine.provide({
    actors: {
      loadChoices: fromPromise(async () => ({
        stores: (await api.loadFleet())
          .map(({ hexacode, name }) => ({ hexacode, name }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        choice: address.read(),
      })),
      loadReport: fromPromise(({ input }: { input: ReportQuery }) =>
        api.loadReport({ ...input, timeZone: timeZone() }),
      ),
      downloadReport: fromPromise(({ input }: { input: ReportQuery & { format: 'pdf' | 'csv' } }) => {
        const { format, ...query } = input;
        return api.downloadReport({ ...query, timeZone: timeZone() }, format);
      }),
      writeCorrectiveAction: fromPromise(({ input }: { input: { excursion: string; text: string } }) =>
        api.writeCorrectiveAction(input),
      ),
      signOff: fromPromise(({ input }: { input: SignOffBody }) => api.signOff(input)),
      limits: limitsMachine.provide({
        actors: { saveLimit: fromPromise(({ input }: { input: LimitBody }) => api.saveLimit(input)) },
      }),
      schedules: schedulesMachine.provide({
        actors: {
          listSchedules: fromPromise(() => api.listSchedules()),
          // The new schedule first: should the removal fail, the report is sent twice rather than never.
          saveSchedule: fromPromise(
            async ({ input }: { input: { input: ReportScheduleInput; replaces: string | null } }) => {
              await api.createSchedule({ ...input.input, timeZone: timeZone() });
              if (input.replaces) await api.removeSchedule(input.replaces);
              return api.listSchedules();
            },
          ),
          removeSchedule: fromPromise(({ input }: { input: { id: string } }) => api.removeSchedule(input.id)),
        },
      }),
    },
    actions: {
      rememberChoice: (_, choice: ReportChoice) => address.write(choice),
      saveFile: (_, { fileName, blob }) => saveFile(fileName, blob),
    },
  });
