import { useSelector } from '@xstate/react';
import {
  selectFigure,
  selectOverTarget,
  type HealthFigure,
} from '../../../machines/alarmHealth/alarmHealth.selectors';
import { useT } from '../../i18n';
import type { AlarmHealthActor } from '../../../machines/alarmHealth/alarmHealth.selectors';

const FIGURES: readonly HealthFigure[] = [
  'total',
  'averagePerHour',
  'peakPer10Minutes',
  'floods',
  'standing',
  'chattering',
  'shelved',
  'suppressed',
];

// Selectors made once per figure, so each subscription keeps the same function between renders.
const SELECTORS = Object.fromEntries(
  FIGURES.map((figure) => [figure, { value: selectFigure(figure), over: selectOverTarget(figure) }]),
) as Record<
  HealthFigure,
  { value: ReturnType<typeof selectFigure>; over: ReturnType<typeof selectOverTarget> }
>;

function Figure({ actor, figure }: { actor: AlarmHealthActor; figure: HealthFigure }) {
  const t = useT();
  const value = useSelector(actor, SELECTORS[figure].value);
  const over = useSelector(actor, SELECTORS[figure].over);
  return (
    <div className={`rounded border p-2 ${over ? 'border-error' : 'border-muted/30'}`}>
      <dt className="text-sm text-muted">{t(`alarmHealth.figure.${figure}`)}</dt>
      <dd className="text-xl font-semibold">
        {t('alarmHealth.number', { value })}
        {over ? (
          <span className="ml-2 text-sm font-normal text-error">{t('alarmHealth.overTarget')}</span>
        ) : null}
      </dd>
    </div>
  );
}

/** The range's figures, each flagged where it misses EEMUA 191's target; two columns from 360 px up. */
export function HealthFigures({ actor }: { actor: AlarmHealthActor }) {
  const t = useT();
  return (
    <section aria-label={t('alarmHealth.figures')}>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {FIGURES.map((figure) => (
          <Figure key={figure} actor={actor} figure={figure} />
        ))}
      </dl>
      <p className="mt-2 text-sm text-muted">{t('alarmHealth.targets')}</p>
    </section>
  );
}
