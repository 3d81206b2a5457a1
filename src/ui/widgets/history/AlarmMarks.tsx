import { useSelector } from '@xstate/react';
import type { AnnotationOptions } from 'chartjs-plugin-annotation';
import { useMemo } from 'react';
import {
  selectMarks,
  selectMarksStatus,
  type AlarmMarksActor,
  type AlarmMarksStatus,
} from '../../../machines/alarmMarks/alarmMarks.selectors';
import type { AlarmMarks } from '#contracts';
import { useT } from '../../i18n';
import { Button } from '../../primitives/Button';
import { alarmMarksOf } from './chartAnnotations';
import { formatTime } from './format';

const NONE: readonly AnnotationOptions[] = [];

/** What a chart shows of its alarm marks: whether they are asked for, and the annotations to draw. */
export function useAlarmMarks(actor: AlarmMarksActor | null, end: number) {
  const t = useT();
  const status = useSelector(actor ?? undefined, (s) => (s ? selectMarksStatus(s) : 'hidden'));
  const marks = useSelector(actor ?? undefined, (s) => (s ? selectMarks(s) : null));
  const defrost = t('alarmMarks.defrostLabel');
  const annotations = useMemo(
    () => (marks ? alarmMarksOf(marks, end, defrost) : NONE),
    [marks, end, defrost],
  );
  return { status, marks, annotations };
}

/** "Show alarms": a toggle button; while the marks load or failed, it says so beside it. */
export function AlarmMarksToggle({
  actor,
  status,
}: {
  actor: AlarmMarksActor | null;
  status: AlarmMarksStatus;
}) {
  const t = useT();
  if (!actor) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {status === 'loading' ? <span role="status">{t('alarmMarks.loading')}</span> : null}
      {status === 'failed' ? (
        <>
          <span role="alert">{t('alarmMarks.failed')}</span>
          <Button
            variant="quiet"
            className="px-2 py-0.5"
            onClick={() => actor.send({ type: 'alarmMarks.retry' })}
          >
            {t('alarmMarks.retry')}
          </Button>
        </>
      ) : null}
      <Button
        variant="quiet"
        className="px-2 py-0.5"
        aria-pressed={status !== 'hidden'}
        onClick={() => actor.send({ type: 'alarmMarks.toggle' })}
      >
        {t('alarmMarks.show')}
      </Button>
    </div>
  );
}

/** The marks in words, in time order within each kind: what the boxes and lines on the canvas say. */
export function AlarmMarksList({
  marks,
  timeZone,
  dateFormat,
}: {
  marks: AlarmMarks;
  timeZone: string;
  dateFormat: string;
}) {
  const t = useT();
  const at = (iso: string) => formatTime(Date.parse(iso), timeZone, dateFormat);
  const items = [
    ...marks.alarms.map((a) =>
      a.to === null
        ? t('alarmMarks.alarmOpen', { name: a.translation, from: at(a.from) })
        : t(a.suppressed ? 'alarmMarks.suppressed' : 'alarmMarks.alarm', {
            name: a.translation,
            from: at(a.from),
            to: at(a.to),
          }),
    ),
    ...marks.acknowledgements.map((a) =>
      t(a.comment ? 'alarmMarks.ackComment' : 'alarmMarks.ack', {
        by: a.by,
        at: at(a.at),
        comment: a.comment,
      }),
    ),
    ...marks.setpoints.map((s) =>
      t('alarmMarks.setpoint', {
        line: s.line,
        from: s.from ?? '–',
        to: s.to ?? '–',
        by: s.by,
        at: at(s.at),
      }),
    ),
    ...marks.defrosts.map((d) =>
      d.to === null
        ? t('alarmMarks.defrostOpen', { from: at(d.from) })
        : t('alarmMarks.defrost', { from: at(d.from), to: at(d.to) }),
    ),
  ];
  return (
    <section aria-label={t('alarmMarks.list')} className="px-1 text-sm">
      <h3 className="font-semibold">{t('alarmMarks.list')}</h3>
      {items.length === 0 ? (
        <p className="text-muted">{t('alarmMarks.none')}</p>
      ) : (
        <ul className="list-disc pl-5">
          {items.map((text, index) => (
            <li key={index}>{text}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
