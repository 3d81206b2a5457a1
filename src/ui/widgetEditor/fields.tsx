import type { ListboxChoice } from '../primitives/Listbox';
import { TextField } from '../primitives/TextField';

/** Listbox choices of an enumeration, each labelled through the catalogue. */
export const choicesOf = <V extends string>(
  values: readonly V[],
  label: (value: V) => string,
): ListboxChoice[] => values.map((value) => ({ value, label: label(value) }));

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

/** A number field: an empty text is null. */
export function NumberField({
  label,
  value,
  onNumberChange,
  min,
}: {
  label: string;
  value: number | null;
  onNumberChange: (value: number | null) => void;
  min?: number;
}) {
  return (
    <TextField
      label={label}
      type="number"
      min={min}
      value={value === null ? '' : String(value)}
      onValueChange={(text) => onNumberChange(text.trim() === '' ? null : Number(text))}
    />
  );
}
