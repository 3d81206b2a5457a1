import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { LineWriteOutcome } from '../../src/machines/lineEdit/lineEdit.events';
import { lineEditMachine } from '../../src/machines/lineEdit/lineEditMachine';
import type { Line, LineWriteRequest } from '#contracts';
import { modeLine, pageAddress, setpointLine } from '../support/fixtures/devicePageFixtures';
import { settle } from '../support/dom/settle';

function start(line: Line, answer: (request: LineWriteRequest) => Promise<LineWriteOutcome>) {
  const writeLine = vi.fn(answer);
  const notify = vi.fn();
  const actor = createActor(
    lineEditMachine.provide({
      actors: { writeLine: fromPromise(({ input }: { input: LineWriteRequest }) => writeLine(input)) },
      actions: { notify: (_, params) => notify(params.kind, params.id) },
    }),
    { input: { line, address: pageAddress } },
  ).start();
  return { actor, writeLine, notify, settle };
}

describe('line edit machine', () => {
  it('starts with the current value and requires one', () => {
    const { actor, writeLine } = start(setpointLine, () => Promise.resolve('accepted'));
    expect(actor.getSnapshot().context.value).toBe('4.0');
    actor.send({ type: 'lineEdit.change', value: '  ' });
    actor.send({ type: 'lineEdit.submit' });
    expect(actor.getSnapshot().context.error).toEqual({ id: 'lineEdit.valueRequired' });
    expect(writeLine).not.toHaveBeenCalled();
    actor.send({ type: 'lineEdit.change', value: '5' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('writes the trimmed value to the line of the page and ends saved when the device accepts', async () => {
    const { actor, writeLine, notify } = start(setpointLine, () => Promise.resolve('accepted'));
    actor.send({ type: 'lineEdit.change', value: ' 5.5 ' });
    actor.send({ type: 'lineEdit.submit' });
    expect(actor.getSnapshot().value).toBe('writing');
    expect(await toPromise(actor)).toEqual({ result: 'saved' });
    expect(writeLine).toHaveBeenCalledWith({
      hexacode: '0A1B',
      department: 1,
      subDepartment: 0,
      page: 1,
      line: 1,
      value: '5.5',
    });
    expect(notify).toHaveBeenCalledWith('success', 'lineEdit.updated');
  });

  it('picks options by index and sends the index', async () => {
    const { actor, writeLine } = start(modeLine, () => Promise.resolve('accepted'));
    expect(actor.getSnapshot().context.value).toBe('1');
    actor.send({ type: 'lineEdit.change', value: '7' });
    actor.send({ type: 'lineEdit.submit' });
    expect(actor.getSnapshot().context.error).toEqual({ id: 'lineEdit.optionRequired' });
    actor.send({ type: 'lineEdit.change', value: '2' });
    actor.send({ type: 'lineEdit.submit' });
    await toPromise(actor);
    expect(writeLine).toHaveBeenCalledWith(expect.objectContaining({ line: 3, value: 2 }));
  });

  it.each([
    [
      'refused',
      () => Promise.resolve<LineWriteOutcome>('refused'),
      'lineEdit.refused',
      'lineEdit.refusedReason',
    ],
    [
      'not answered',
      () => Promise.resolve<LineWriteOutcome>('noAnswer'),
      'lineEdit.refused',
      'lineEdit.noAnswer',
    ],
    [
      'to an offline device',
      () => Promise.resolve<LineWriteOutcome>('offline'),
      'lineEdit.refused',
      'lineEdit.offline',
    ],
    ['failed', () => Promise.reject(new Error('503')), 'lineEdit.failed', 'lineEdit.failedReason'],
  ] as const)(
    'stays open saying why, with an error toast, when the write is %s',
    async (_name, answer, toast, reason) => {
      const { actor, notify, settle } = start(setpointLine, answer);
      actor.send({ type: 'lineEdit.submit' });
      await settle();
      expect(actor.getSnapshot().value).toBe('editing');
      expect(notify).toHaveBeenCalledWith('error', toast);
      expect(actor.getSnapshot().context.refusal).toBe(reason);
      // Typing again clears it: the next answer will say its own.
      actor.send({ type: 'lineEdit.change', value: '5' });
      expect(actor.getSnapshot().context.refusal).toBeNull();
    },
  );

  describe('a numeric line with ADF bounds', () => {
    const bounded: Line = { ...setpointLine, limits: { min: -30, max: 10, step: 0.1, unit: '°C' } };
    const range = { id: 'lineEdit.outOfRange', values: { min: '-30', max: '10', unit: '°C' } };

    it.each([
      ['a word', 'warm', { id: 'lineEdit.numberRequired' }],
      ['an exponent', '1e3', { id: 'lineEdit.numberRequired' }],
      ['above the bounds', '10.5', range],
      ['above the bounds, with a decimal comma', '10,5', range],
      ['below the bounds', '-31', range],
    ])('checks %s before sending anything', (_name, value, error) => {
      const { actor, writeLine } = start(bounded, () => Promise.resolve('accepted'));
      actor.send({ type: 'lineEdit.change', value });
      actor.send({ type: 'lineEdit.submit' });
      expect(actor.getSnapshot().context.error).toEqual(error);
      expect(writeLine).not.toHaveBeenCalled();
    });

    it('sends a value on a bound, and says the bounds under the field when the device refuses it as out of range', async () => {
      const { actor, writeLine, settle } = start(bounded, () => Promise.resolve('outOfRange'));
      actor.send({ type: 'lineEdit.change', value: '-30' });
      actor.send({ type: 'lineEdit.submit' });
      await settle();
      expect(writeLine).toHaveBeenCalledWith(expect.objectContaining({ value: '-30' }));
      expect(actor.getSnapshot().context).toMatchObject({ error: range, refusal: null });
    });
  });

  it('takes a decimal comma, as the languages that write one type it, and sends a decimal point', async () => {
    const bounded: Line = { ...setpointLine, limits: { min: -30, max: 10, step: 0.1, unit: '°C' } };
    const { actor, writeLine, settle } = start(bounded, () => Promise.resolve('accepted'));
    actor.send({ type: 'lineEdit.change', value: ' -2,5 ' });
    actor.send({ type: 'lineEdit.submit' });
    await settle();
    expect(writeLine).toHaveBeenCalledWith(expect.objectContaining({ value: '-2.5' }));
  });

  it('ends cancelled on cancel', async () => {
    const { actor, writeLine } = start(setpointLine, () => Promise.resolve('accepted'));
    actor.send({ type: 'lineEdit.cancel' });
    expect(await toPromise(actor)).toEqual({ result: 'cancelled' });
    expect(writeLine).not.toHaveBeenCalled();
  });
});
