import { useId } from 'react';
import type { Liveness } from '../../machines/socket/socket.selectors';
import type { Line } from '#contracts/devices';
import { useT } from '../i18n';
import { LiveValue } from '../live/LiveValue';
import { lineDisplayName, useLineValueText } from './lineText';

const ROW = 'flex w-full items-center justify-between gap-4 px-4 text-left';
/** SPEC §9: a dense row is 2.25 times the font high (27 px at 12 px … 45 px at 20 px); a normal one is padded. */
const HEIGHT = { dense: 'min-h-[2.25em] py-0', normal: 'py-3' } as const;

/** How the user reads lines (account settings): dense rows or not, and the font size in px. */
export interface LineLook {
  dense: boolean;
  fontPx: number;
}

/**
 * The page's lines: writable ones are buttons (named after the line) opening the line details dialog. Their
 * values are dimmed with their age while they are not live (`liveness`, the page's department's).
 */
export function LineRows({
  lines,
  onSelect,
  look,
  liveness,
}: {
  lines: readonly Line[];
  onSelect: (lineNumber: number) => void;
  look: LineLook;
  liveness: Liveness;
}) {
  const t = useT();
  const row = `${ROW} ${look.dense ? HEIGHT.dense : HEIGHT.normal}`;
  return (
    <ul
      aria-label={t('devicePage.lines')}
      // Relative to the root size, so the theme size still scales it (16 px is the root's normal size).
      style={{ fontSize: `${look.fontPx / 16}rem` }}
      className="divide-y divide-muted/20 rounded bg-surface-raised shadow"
    >
      {lines.map((line) => (
        <li key={line.id}>
          <LineRow line={line} onSelect={onSelect} row={row} liveness={liveness} />
        </li>
      ))}
    </ul>
  );
}

function LineRow({
  line,
  onSelect,
  row,
  liveness,
}: {
  line: Line;
  onSelect: (lineNumber: number) => void;
  row: string;
  liveness: Liveness;
}) {
  const t = useT();
  const valueText = useLineValueText();
  const valueId = useId();
  const content = (
    <>
      <span className="flex items-center gap-3">
        <span className="w-8 text-right text-muted tabular-nums">{line.number}</span>
        <span>{lineDisplayName(line)}</span>
        {line.isFactorySettings ? (
          <span className="rounded bg-warning/20 px-2 text-xs">{t('devicePage.factorySettings')}</span>
        ) : null}
      </span>
      <span id={valueId}>
        <LiveValue
          liveness={liveness}
          className={line.status === 'OK' ? 'font-medium tabular-nums' : 'text-muted italic'}
        >
          {valueText(line)}
        </LiveValue>
      </span>
    </>
  );
  if (line.readOnly) {
    return (
      <div className={row} title={t('devicePage.readOnly')}>
        {content}
      </div>
    );
  }
  return (
    <button
      type="button"
      aria-label={lineDisplayName(line)}
      aria-describedby={valueId}
      className={`${row} hover:bg-primary/10 focus-visible:bg-primary/10 [--focus-offset:-2px]`}
      onClick={() => onSelect(line.number)}
    >
      {content}
    </button>
  );
}
