import {
  Combobox as HeadlessCombobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
} from '@headlessui/react';
import { useId, useState } from 'react';
import type { ListboxChoice } from './Listbox';
import { FieldNote } from './FieldNote';

interface ComboboxProps {
  label: string;
  /** The text of the field: a choice's value, or what was typed. */
  value: string;
  choices: readonly ListboxChoice[];
  /** Called with a choice's value when one is picked, and with the text as it is typed. */
  onValueChange: (value: string) => void;
  placeholder?: string;
  /** Said in the list when typing matches no choice. */
  noMatch: string;
  /** Already translated error text. */
  error?: string | null;
  disabled?: boolean;
}

/**
 * A labelled text field that offers choices (Headless UI's Combobox, the ARIA combobox pattern): typing filters
 * them by their label, the arrow keys and Enter pick one, and a value that is no choice may still be typed. A
 * picked choice shows its label; the field's value is the choice's value.
 */
export function Combobox({
  label,
  value,
  choices,
  onValueChange,
  placeholder,
  noMatch,
  error,
  disabled,
}: ComboboxProps) {
  const [query, setQuery] = useState('');
  const errorId = useId();
  const words = query.trim().toLowerCase();
  const shown = words ? choices.filter((choice) => choice.label.toLowerCase().includes(words)) : choices;
  const labelOf = (text: string) => choices.find((choice) => choice.value === text)?.label ?? text;
  return (
    <div className="flex flex-col gap-1">
      <span aria-hidden className="text-sm font-medium">
        {label}
      </span>
      <HeadlessCombobox
        value={value}
        onChange={(picked: string | null) => onValueChange(picked ?? '')}
        onClose={() => setQuery('')}
        disabled={disabled}
        invalid={Boolean(error)}
      >
        <div className="relative">
          <ComboboxInput
            aria-label={label}
            aria-describedby={error ? errorId : undefined}
            placeholder={placeholder}
            displayValue={labelOf}
            onChange={(event) => {
              setQuery(event.target.value);
              onValueChange(event.target.value);
            }}
            className="w-full rounded border border-muted/40 bg-surface py-2 pr-9 pl-3 outline-none focus:border-primary aria-invalid:border-error disabled:opacity-60"
          />
          <ComboboxButton
            aria-label={label}
            className="absolute inset-y-0 right-0 grid w-9 place-items-center text-muted"
          >
            <span aria-hidden>▾</span>
          </ComboboxButton>
        </div>
        {/* Not modal: the page stays usable while the list is open (the filters' Apply beside it). */}
        <ComboboxOptions
          anchor="bottom start"
          modal={false}
          className="z-50 max-h-60 w-(--input-width) overflow-y-auto rounded bg-surface-raised py-1 shadow-lg empty:invisible focus:outline-none"
        >
          {shown.length === 0 ? (
            <div className="px-3 py-2 text-muted">{noMatch}</div>
          ) : (
            shown.map((choice) => (
              <ComboboxOption
                key={choice.value}
                value={choice.value}
                className="cursor-pointer px-3 py-2 data-focus:bg-primary/15 data-selected:font-semibold"
              >
                {choice.label}
              </ComboboxOption>
            ))
          )}
        </ComboboxOptions>
      </HeadlessCombobox>
      <FieldNote id={errorId}>{error}</FieldNote>
    </div>
  );
}
