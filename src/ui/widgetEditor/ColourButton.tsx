import { useT } from '../i18n';
import { Button } from '../primitives/Button';

/** Opens the colour picker for one colour; shows the colour and names it with its value. */
export function ColourButton({
  label,
  colour,
  onPick,
}: {
  label: string;
  colour: string | null | undefined;
  onPick: () => void;
}) {
  const t = useT();
  const shown = colour ?? t('widgetEditor.noColour');
  return (
    <Button
      variant="quiet"
      onClick={onPick}
      aria-label={t('widgetEditor.colourValue', { name: label, colour: shown })}
      className="flex items-center gap-2 border border-muted/40"
    >
      <span
        aria-hidden
        className="size-5 rounded border border-muted/40"
        style={{ background: colour ?? 'transparent' }}
      />
      {label}
    </Button>
  );
}
