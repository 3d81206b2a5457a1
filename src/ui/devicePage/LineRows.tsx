import { useId } from 'react';
import type { Line } from '../../services/contracts/devices';
import { useT } from '../i18n';
import { lineDisplayName, useLineValueText } from './lineText';

const ROW = 'flex w-full items-center justify-between gap-4 px-4 py-3 text-left';

/** The page's lines: writable ones are buttons (named after the line) opening the line details dialog. */
export function LineRows({
  lines,
  onSelect,
}: {
  lines: readonly Line[];
  onSelect: (lineNumber: number) => void;
}) {
  const t = useT();
  return (
    <ul
      aria-label={t('devicePage.lines')}
      className="divide-y divide-muted/20 rounded bg-surface-raised shadow"
    >
      {lines.map((line) => (
        <li key={line.id}>
          <LineRow line={line} onSelect={onSelect} />
        </li>
      ))}
    </ul>
  );
}

function LineRow({ line, onSelect }: { line: Line; onSelect: (lineNumber: number) => void }) {
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
      <span id={valueId} className={line.status === 'OK' ? 'font-medium tabular-nums' : 'text-muted italic'}>
        {valueText(line)}
      </span>
    </>
  );
  if (line.readOnly) {
    return (
      <div className={ROW} title={t('devicePage.readOnly')}>
        {content}
      </div>
    );
  }
  return (
    <button
      type="button"
      aria-label={lineDisplayName(line)}
      aria-describedby={valueId}
      className={`${ROW} hover:bg-primary/10 focus-visible:bg-primary/10 [--focus-offset:-2px]`}
      onClick={() => onSelect(line.number)}
    >
      {content}
    </button>
  );
}
