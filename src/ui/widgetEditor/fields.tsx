import type { MessageId } from '../../i18n/messages';
import { useT } from '../i18n';
import { Listbox, type ListboxChoice } from '../primitives/Listbox';
import { TextField } from '../primitives/TextField';

/** The messages that name a field whose choices `V` are named by the messages under it (`label.VALUE`). */
type ChoicesLabel<V extends string> = {
  [L in MessageId]: `${L}.${V}` extends MessageId ? L : never;
}[MessageId];

/** Listbox choices of an enumeration, each labelled through the catalogue. */
export const choicesOf = <V extends string>(
  values: readonly V[],
  label: (value: V) => string,
): ListboxChoice<V>[] => values.map((value) => ({ value, label: label(value) }));

/**
 * A widget's or an element's field chosen from an enumeration of the contract: the field is named by the message
 * `label`, each choice by the message under it (`label.VALUE`).
 */
export function ChoiceField<V extends string>({
  label,
  values,
  value,
  onChange,
}: {
  label: ChoicesLabel<V>;
  values: readonly V[];
  /** The stored value; one outside `values` (an older widget's) shows no choice. */
  value: string;
  onChange: (value: V) => void;
}) {
  const t = useT();
  return (
    <Listbox
      label={t(label)}
      value={value}
      choices={choicesOf(values, (choice) => t(`${label}.${choice}` as MessageId))}
      // The choices are `values`: what the listbox hands back is one of them.
      onValueChange={(choice) => onChange(choice as V)}
    />
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
