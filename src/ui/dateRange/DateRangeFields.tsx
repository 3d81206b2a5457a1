import type { MessageId } from '../../i18n/messages';
import { HISTORY_MAX_RANGE_DAYS } from '#contracts';
import { useT } from '../i18n';
import { TextField } from '../primitives/TextField';

/**
 * A start and an end date typed in the user's format (shown as a hint and as the fields' placeholder), with
 * their SPEC §5 errors: '{field} is invalid, use {format} format', '{field} value must be after {start}'.
 */
export function DateRangeFields({
  format,
  start,
  end,
  startError,
  endError,
  onStartChange,
  onEndChange,
}: {
  /** The user's date format as shown to people ('DD-MM-YYYY HH:mm'). */
  format: string;
  start: string;
  end: string;
  startError: MessageId | null;
  endError: MessageId | null;
  onStartChange: (text: string) => void;
  onEndChange: (text: string) => void;
}) {
  const t = useT();
  const values = { format, date: start, days: HISTORY_MAX_RANGE_DAYS };
  const fields = [
    { label: t('dateRange.start'), value: start, error: startError, onValueChange: onStartChange },
    { label: t('dateRange.end'), value: end, error: endError, onValueChange: onEndChange },
  ];
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted">{t('dateRange.formatHint', { format })}</p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {/* Each error names its field by the field's label. */}
        {fields.map(({ label, value, error, onValueChange }) => (
          <TextField
            key={label}
            label={label}
            value={value}
            placeholder={format}
            autoComplete="off"
            onValueChange={onValueChange}
            error={error ? t(error, { ...values, field: label }) : null}
          />
        ))}
      </div>
    </div>
  );
}
