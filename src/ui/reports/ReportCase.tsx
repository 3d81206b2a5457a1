import { useSelector } from '@xstate/react';
import {
  DAY_FIGURE_COLUMNS,
  type FoodSafetyDay,
  type FoodSafetyDepartment,
  type FoodSafetyLimit,
} from '#contracts';
import { selectMaySignOff } from '../../machines/app/app.selectors';
import { selectBusy, type ReportsActor } from '../../machines/reports/reports.selectors';
import { AppActor } from '../appActor';
import { useT, type Translate } from '../i18n';
import { Button } from '../primitives/Button';
import { STACKED_TABLE } from '../primitives/PagedTable';
import { ScrollRegion } from '../primitives/ScrollRegion';
import { ExcursionItem } from './ExcursionItem';
import { LimitEditor } from './LimitEditor';
import { ReportChart } from './ReportChart';
import { useUserDates } from '../useUserDates';

const limitText = (t: Translate, limit: FoodSafetyLimit) => {
  const named = {
    class: t(`foodSafety.class.${limit.class}`),
    line: t(`foodSafety.line.${limit.line}`),
    high: limit.high,
  };
  return limit.low === null
    ? t('foodSafety.limitText', named)
    : t('foodSafety.limitLowText', { ...named, low: limit.low });
};

const figure = (value: number | null) => (value === null ? '–' : String(value));

/** One case of the report: its limit, its chart, its days (a table whose rows stack on a phone) and its excursions. */
export function ReportCase({ reports, department }: { reports: ReportsActor; department: FoodSafetyDepartment }) {
  const t = useT();
  const title = t('reports.caseName', { device: department.deviceName, name: department.name });
  const limit = limitText(t, department.limit);
  return (
    <section aria-label={title} className="flex min-w-0 flex-col gap-2 rounded border border-line p-3">
      <h3 className="text-lg font-semibold break-words">{title}</h3>
      <p className="text-sm">
        {department.isDefault ? t('reports.defaultLimit', { limit }) : t('reports.setLimit', { limit })}
      </p>
      <LimitEditor reports={reports} department={department} />
      <ReportChart reports={reports} department={department} name={title} limit={limit} />
      <ScrollRegion label={t('reports.days', { name: title })} className="max-w-full">
        <table className={STACKED_TABLE}>
          <thead>
            <tr className="text-left">
              {([...DAY_FIGURE_COLUMNS, 'foodSafety.excursionCount', 'reports.signOff'] as const).map((id) => (
                <th key={id} scope="col" className="px-2 py-1 font-medium whitespace-nowrap">
                  {t(id)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {department.days.map((day) => (
              <DayRow key={day.date} reports={reports} department={department} day={day} />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <h4 className="font-semibold">{t('foodSafety.excursions')}</h4>
      {department.excursions.length === 0 ? (
        <p className="text-sm">{t('foodSafety.noExcursions')}</p>
      ) : (
        <ol aria-label={t('reports.excursionsOf', { name: title })} className="flex flex-col gap-2">
          {department.excursions.map((excursion) => (
            <ExcursionItem key={excursion.id} reports={reports} excursion={excursion} />
          ))}
        </ol>
      )}
    </section>
  );
}

function DayRow({
  reports,
  department,
  day,
}: {
  reports: ReportsActor;
  department: FoodSafetyDepartment;
  day: FoodSafetyDay;
}) {
  const t = useT();
  const { instant, day: shownDay } = useUserDates();
  const maySignOff = AppActor.useSelector(selectMaySignOff);
  const busy = useSelector(reports, selectBusy) !== 'idle';
  const { hexacode, department: dept, subDepartment } = department;
  return (
    <tr className="border-t border-line">
      <th scope="row" className="px-2 py-1 font-normal whitespace-nowrap">
        {shownDay(day.date)}
      </th>
      {(
        [
          ['foodSafety.min', figure(day.min)],
          ['foodSafety.max', figure(day.max)],
          ['foodSafety.avg', figure(day.avg)],
          ['foodSafety.inLimits', figure(day.timeInLimitsPct)],
          ['foodSafety.outOfLimits', day.minutesOutOfLimits],
          ['foodSafety.defrost', day.defrostMinutes],
        ] as const
      ).map(([id, value]) => (
        <td key={id} className="px-2 py-1" data-label={t(id)}>
          {value}
        </td>
      ))}
      <td className="px-2 py-1 whitespace-nowrap" data-label={t('foodSafety.withoutData')}>
        {day.gap ? t('reports.gap', { minutes: day.minutesWithoutData }) : day.minutesWithoutData}
      </td>
      <td className="px-2 py-1" data-label={t('foodSafety.excursionCount')}>
        {day.excursions}
      </td>
      <td className="px-2 py-1 sm:whitespace-nowrap">
        {day.reviewedBy ? (
          t('foodSafety.excursion.signedOff', { by: day.reviewedBy, at: instant(day.reviewedAt) })
        ) : maySignOff ? (
          <Button
            variant="quiet"
            className="px-2 py-1"
            disabled={busy}
            aria-label={t('reports.signOffDay', { date: shownDay(day.date), name: department.name })}
            onClick={() =>
              reports.send({ type: 'day.signOffRequested', hexacode, department: dept, subDepartment, date: day.date })
            }
          >
            {t('reports.signOff')}
          </Button>
        ) : (
          t('foodSafety.excursion.notSignedOff')
        )}
      </td>
    </tr>
  );
}
