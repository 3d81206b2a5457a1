import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { WidgetInterval } from '#contracts';
import type { FrameAction } from '../../dashboards/FrameAction';
import { DateRangePickerDialog } from '../../dateRange/DateRangePickerDialog';
import { useIntervalText } from '../../dateRange/intervalText';
import { useT } from '../../i18n';
import type { WidgetRendererProps } from '../types';
import { useDateFormat } from './useDateFormat';
import { useHistory } from './useHistory';

// Field by field: the picker's interval and the stored one list their fields in different orders, and an instant
// may be written with or without milliseconds.
const instant = (iso: string | null) => (iso === null ? null : Date.parse(iso));
const sameInterval = (a: WidgetInterval, b: WidgetInterval) =>
  a.type === b.type &&
  instant(a.start) === instant(b.start) &&
  instant(a.end) === instant(b.end) &&
  a.compareTo?.value === b.compareTo?.value &&
  a.compareTo?.unit === b.compareTo?.unit;

/** The header of a history chart: its range and its annotations (mark areas). */
export const ChartHeader = (props: HistoryHeaderProps) => <HistoryHeader {...props} annotations />;

type HistoryHeaderProps = WidgetRendererProps & { Action: FrameAction };

/**
 * A history widget's header controls: the range it shows, chosen with the date range picker (for this view
 * only: the stored interval changes in edit mode), and for charts their annotations (mark areas).
 */
export function HistoryHeader({
  actor,
  widget,
  Action,
  annotations = false,
}: HistoryHeaderProps & { annotations?: boolean }) {
  const t = useT();
  const intervalText = useIntervalText();
  const { actor: history, timeZone } = useHistory(actor, widget.id);
  const view = useSelector(history ?? undefined, (s) => s?.context.view ?? null);
  const dateFormat = useDateFormat(actor);
  const [picking, setPicking] = useState(false);
  if (!history) return null;
  const shown = view ?? widget.interval;
  const label = t('history.range', { name: widget.name, range: intervalText(shown, dateFormat, timeZone) });
  const apply = (interval: WidgetInterval) => {
    setPicking(false);
    // Choosing the widget's own interval again is the same as no view range: edits of it then apply.
    history.send({
      type: 'history.setRange',
      interval: sameInterval(interval, widget.interval) ? null : interval,
    });
  };
  return (
    <>
      <Action label={label} glyph="◷" pressed={view !== null} onClick={() => setPicking(true)} />
      {annotations && (
        <Action
          label={t('history.annotations', { name: widget.name })}
          glyph="⚑"
          onClick={() => actor.send({ type: 'dashboard.editAnnotations', id: widget.id })}
        />
      )}
      {picking && (
        <DateRangePickerDialog
          value={shown}
          allowCompare
          dateFormat={dateFormat}
          timeZone={timeZone}
          title={label}
          onApply={apply}
          onCancel={() => setPicking(false)}
        />
      )}
    </>
  );
}
