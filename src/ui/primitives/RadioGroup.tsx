import { useId } from 'react';
import type { ListboxChoice } from './Listbox';

/** A labelled single choice shown in full: native radio buttons (arrow keys move the choice). */
export function RadioGroup<T extends string>({
  legend,
  value,
  choices,
  onValueChange,
}: {
  legend: string;
  value: T;
  choices: readonly ListboxChoice<T>[];
  onValueChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
        {choices.map((choice) => (
          <label key={choice.value} className="flex cursor-pointer items-center gap-2 py-1">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onValueChange(choice.value)}
              className="size-4 accent-primary"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
