import { Listbox as HeadlessListbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { FieldNote } from './FieldNote';

/** A choice of a listbox or radio group: its value, typed as narrowly as the caller's, and its shown label. */
export interface ListboxChoice<T extends string = string> {
  value: T;
  label: string;
}

interface ListboxProps<T extends string> {
  label: string;
  value: T;
  choices: readonly ListboxChoice<T>[];
  onValueChange: (value: T) => void;
  /** Shown on the button while nothing is chosen. */
  placeholder?: string;
  /** Already translated error text. */
  error?: string | null;
  disabled?: boolean;
}

/**
 * A labelled single choice on Headless UI's Listbox: the button and its popup listbox are both named by the
 * label (Headless UI labels the listbox by the button and drops a Field label's id from the button when
 * aria-labelledby is given, so the name comes from aria-label). The current choice is the button's text.
 */
export function Listbox<T extends string>({
  label,
  value,
  choices,
  onValueChange,
  placeholder = '',
  error,
  disabled,
}: ListboxProps<T>) {
  const chosen = choices.find((choice) => choice.value === value);
  return (
    <div className="flex flex-col gap-1">
      <span aria-hidden className="text-sm font-medium">
        {label}
      </span>
      <HeadlessListbox value={value} onChange={onValueChange} disabled={disabled} invalid={Boolean(error)}>
        <ListboxButton
          aria-label={label}
          aria-invalid={error ? true : undefined}
          className="w-full rounded border border-muted/40 bg-surface px-3 py-2 text-left outline-none focus:border-primary aria-invalid:border-error disabled:opacity-60"
        >
          {chosen?.label ?? placeholder}
        </ListboxButton>
        <ListboxOptions
          anchor="bottom start"
          className="z-50 max-h-60 w-(--button-width) overflow-y-auto rounded bg-surface-raised py-1 shadow-lg focus:outline-none"
        >
          {choices.map((choice) => (
            <ListboxOption
              key={choice.value}
              value={choice.value}
              className="cursor-pointer px-3 py-2 data-focus:bg-primary/15 data-selected:font-semibold"
            >
              {choice.label}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </HeadlessListbox>
      <FieldNote>{error}</FieldNote>
    </div>
  );
}
