import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { LineWriteOutcome } from '../../src/machines/lineEdit/lineEdit.events';
import { lineEditMachine } from '../../src/machines/lineEdit/lineEditMachine';
import type { Line, LineWriteRequest } from '../../src/services/contracts';
import { modeLine, pageAddress, setpointLine } from '../support/devicePageFixtures';

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
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, writeLine, notify, settle };
}

describe('line edit machine', () => {
  it('starts with the current value and requires one', () => {
    const { actor, writeLine } = start(setpointLine, () => Promise.resolve('accepted'));
    expect(actor.getSnapshot().context.value).toBe('4.0');
    actor.send({ type: 'lineEdit.change', value: '  ' });
    actor.send({ type: 'lineEdit.submit' });
    expect(actor.getSnapshot().context.error).toBe('lineEdit.valueRequired');
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
    expect(actor.getSnapshot().context.error).toBe('lineEdit.optionRequired');
    actor.send({ type: 'lineEdit.change', value: '2' });
    actor.send({ type: 'lineEdit.submit' });
    await toPromise(actor);
    expect(writeLine).toHaveBeenCalledWith(expect.objectContaining({ line: 3, value: 2 }));
  });

  it.each([
    ['refused', () => Promise.resolve<LineWriteOutcome>('refused'), 'lineEdit.refused'],
    ['failed', () => Promise.reject(new Error('503')), 'lineEdit.failed'],
  ] as const)('stays open with an error toast when the write is %s', async (_name, answer, message) => {
    const { actor, notify, settle } = start(setpointLine, answer);
    actor.send({ type: 'lineEdit.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(notify).toHaveBeenCalledWith('error', message);
  });

  it('ends cancelled on cancel', async () => {
    const { actor, writeLine } = start(setpointLine, () => Promise.resolve('accepted'));
    actor.send({ type: 'lineEdit.cancel' });
    expect(await toPromise(actor)).toEqual({ result: 'cancelled' });
    expect(writeLine).not.toHaveBeenCalled();
  });
});
