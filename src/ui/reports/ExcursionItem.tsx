import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { FoodSafetyExcursion } from '#contracts';
import { selectMaySignOff } from '../../machines/app/app.selectors';
import { selectBusy, type ReportsActor } from '../../machines/reports/reports.selectors';
import { alarmText } from '../alarms/alarmText';
import { AppActor } from '../appActor';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { TextField } from '../primitives/TextField';
import { useUserDates } from '../useUserDates';

/** An excursion: when, how warm, its alarm, what was done about it (editable) and its sign-off. */
export function ExcursionItem({ reports, excursion }: { reports: ReportsActor; excursion: FoodSafetyExcursion }) {
  const t = useT();
  const { instant } = useUserDates();
  const maySignOff = AppActor.useSelector(selectMaySignOff);
  const busy = useSelector(reports, selectBusy) !== 'idle';
  const [text, setText] = useState(excursion.correctiveAction ?? '');
  const when = t('foodSafety.excursion.when', { start: instant(excursion.start), end: instant(excursion.end) });
  return (
    <li aria-label={when} className="flex flex-col gap-1 rounded bg-surface-raised p-2 text-sm">
      <p className="font-medium">{when}</p>
      <p>{t('foodSafety.excursion.peak', { peak: excursion.peak, at: instant(excursion.peakAt) })}</p>
      <p>
        {t('foodSafety.excursion.duration', {
          minutes: excursion.minutes,
          degreeMinutes: excursion.degreeMinutes,
        })}
      </p>
      {excursion.interruptedByGap && <p>{t('foodSafety.excursion.gap')}</p>}
      <p>
        {excursion.alarm
          ? t('foodSafety.excursion.alarm', {
              alarm: alarmText(t, excursion.alarm),
              at: instant(excursion.alarm.raisedAt),
            })
          : t('foodSafety.excursion.noAlarm')}
      </p>
      <p>
        {excursion.correctiveAction
          ? t('foodSafety.excursion.action', {
              text: excursion.correctiveAction,
              by: excursion.correctiveActionBy ?? '',
            })
          : t('foodSafety.excursion.noAction')}
      </p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          reports.send({ type: 'excursion.actionSubmitted', excursion: excursion.id, text });
        }}
      >
        <div className="min-w-0 flex-1">
          <TextField label={t('reports.correctiveAction')} value={text} onValueChange={setText} maxLength={2000} />
        </div>
        <Button type="submit" variant="quiet" disabled={busy || text.trim() === ''}>
          {t('reports.saveAction')}
        </Button>
      </form>
      {excursion.reviewedBy ? (
        <p>{t('foodSafety.excursion.signedOff', { by: excursion.reviewedBy, at: instant(excursion.reviewedAt) })}</p>
      ) : maySignOff ? (
        <div>
          <Button
            variant="quiet"
            disabled={busy}
            aria-label={t('reports.signOffExcursion', { when })}
            onClick={() => reports.send({ type: 'excursion.signOffRequested', excursion: excursion.id })}
          >
            {t('reports.signOff')}
          </Button>
        </div>
      ) : (
        <p>{t('foodSafety.excursion.notSignedOff')}</p>
      )}
    </li>
  );
}
