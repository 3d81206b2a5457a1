/** A labelled checkbox: the box and its label, one row. */
export function Checkbox({
  label,
  checked,
  onCheckedChange,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  // Inside its label: the whole row is what a finger hits (44 px high on a touch screen), not the box alone.
  return (
    <label className="flex items-center gap-2">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        className="size-4 accent-primary"
      />
      {label}
    </label>
  );
}
