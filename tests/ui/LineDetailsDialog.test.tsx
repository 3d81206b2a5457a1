import '../support/fakes/resizeObserver';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { LineWriteOutcome } from '../../src/machines/lineEdit/lineEdit.events';
import { lineEditMachine } from '../../src/machines/lineEdit/lineEditMachine';
import type { Line, LineWriteRequest } from '#contracts';
import { LineDetailsDialog } from '../../src/ui/dialogs/LineDetailsDialog';
import { modeLine, pageAddress, setpointLine } from '../support/fixtures/devicePageFixtures';

function renderDialog(line: Line, outcome: LineWriteOutcome = 'accepted') {
  const writeLine = vi.fn((_: LineWriteRequest) => Promise.resolve(outcome));
  const actor = createActor(
    lineEditMachine.provide({
      actors: { writeLine: fromPromise(({ input }: { input: LineWriteRequest }) => writeLine(input)) },
      actions: { notify: () => {} },
    }),
    { input: { line, address: pageAddress } },
  ).start();
  render(<LineDetailsDialog actor={actor} />);
  return { actor, writeLine, user: userEvent.setup() };
}

describe('line details dialog', () => {
  it('shows the line and edits its value, requiring one', async () => {
    const { actor, writeLine, user } = renderDialog(setpointLine);
    const dialog = screen.getByRole('dialog', { name: 'Line details' });
    expect(within(dialog).getByText('Setpoint')).toBeTruthy();
    const value = within(dialog).getByRole('textbox', { name: 'Value' });
    expect((value as HTMLInputElement).value).toBe('4.0');
    await user.clear(value);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Value is required')).toBeTruthy();
    expect(value.getAttribute('aria-invalid')).toBe('true');
    await user.type(value, '5.5{Enter}');
    await waitFor(() => expect(actor.getSnapshot().output).toEqual({ result: 'saved' }));
    expect(writeLine).toHaveBeenCalledWith(expect.objectContaining({ line: 1, value: '5.5' }));
  });

  it('offers the options of a line as a list and sends the chosen index', async () => {
    const { actor, writeLine, user } = renderDialog(modeLine);
    await user.click(screen.getByRole('button', { name: 'Value' }));
    const options = await screen.findByRole('listbox', { name: 'Value' });
    await user.click(within(options).getByRole('option', { name: 'Hot gas' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(writeLine).toHaveBeenCalledWith(expect.objectContaining({ line: 3, value: 2 }));
  });

  it('keeps the dialog open when the device refuses', async () => {
    const { actor, user } = renderDialog(setpointLine, 'refused');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(screen.getByRole('dialog', { name: 'Line details' })).toBeTruthy();
  });

  it('cancels', async () => {
    const { actor, writeLine, user } = renderDialog(setpointLine);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(actor.getSnapshot().output).toEqual({ result: 'cancelled' });
    expect(writeLine).not.toHaveBeenCalled();
  });
});
