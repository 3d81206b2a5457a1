import { createActor, fromPromise } from 'xstate';
import { expect, it, vi } from 'vitest';
import { elementLineEditMachine } from '../../src/machines/elementLineEdit/elementLineEditMachine';
import { editedDashboard } from '../support/fixtures/dashboardEditorFixtures';

const element = editedDashboard.widgets[0]!.elements[0]!;

// The widgets offer line edit only on elements with a line address; the machine still ends at once without one.
it('ends at once, reading nothing, for an element without a line address, and says it cannot be edited', () => {
  const notify = vi.fn();
  const loadLine = vi.fn();
  const machine = elementLineEditMachine.provide({
    actions: { notify: (_, params) => notify(params) },
    actors: { loadLine: fromPromise(loadLine) },
  });
  const actor = createActor(machine, { input: { element: { ...element, lineNumber: null } } });
  actor.start();
  expect(actor.getSnapshot().status).toBe('done');
  expect(loadLine).not.toHaveBeenCalled();
  expect(notify).toHaveBeenCalledWith({ kind: 'error', id: 'dashboardEditor.lineNotEditable' });
});
