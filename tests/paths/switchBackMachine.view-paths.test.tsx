import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { switchBackMachine } from '../../src/machines/switchBack/switchBackMachine';
import type { Session } from '#contracts';
import { createStorage } from '../../src/services/storage';
import { storeSession } from '../support/dom/renderApp';
import { openAccountDialog } from '../support/worlds/accountDialogPath';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { accountSettings } from '../support/fixtures/fixtures';
import { modelEvents } from '../support/paths/modelEvents';
import {
  switchAccountServer,
  switchRefusal,
  unavailable,
  type SwitchAccountServer,
} from '../support/servers/switchAccountServer';
import { adminSession, operatorAsAdmin } from '../support/fixtures/switchSessions';
import { describeViewPaths } from '../support/paths/viewPaths';
import { toastsAsExpected, toastsShown, type ToastsShown } from '../support/dom/toastsShown';

type SwitchBackModelEvent = Parameters<typeof switchBackMachine.transition>[1];
const { done, failed } = modelEvents<typeof switchBackMachine>();

const SWITCHED_BACK = done('switchBack', adminSession);
const REFUSED = failed('switchBack', { kind: 'refused', code: 'NOT_SWITCHED' });
const UNAVAILABLE = failed('switchBack', { kind: 'unavailable' });
/** The failures share their event type: the model's event tells which one the server gives. */
const codeOf = (event: SwitchBackModelEvent) => (event as { error?: { code?: string } }).error?.code;

const model: ModelOptions<typeof switchBackMachine> = {
  input: { session: operatorAsAdmin, settings: accountSettings },
  events: [SWITCHED_BACK, REFUSED, UNAVAILABLE, { type: 'switchBack.retry' }, { type: 'switchBack.cancel' }],
  serializeState: (s) => JSON.stringify({ value: s.value, failure: s.context.failure }),
  // The server answers only while the call is out; the buttons show only after a failure.
  filterEvents: (s, e) => (e.type.startsWith('xstate.') ? s.matches('switching') : s.matches('failed')),
};

interface SwitchBackWorld {
  user: UserEvent;
  server: SwitchAccountServer;
  toasts: ToastsShown;
  failure: string | null;
  expectedCalls: string[];
  expectedToasts: string[];
  ended: 'open' | 'switched' | 'cancelled';
  escapes: number;
}

async function start(inspect: (event: InspectionEvent) => void): Promise<SwitchBackWorld> {
  storeSession(operatorAsAdmin);
  const user = userEvent.setup({ delay: null });
  const world: SwitchBackWorld = {
    user,
    server: switchAccountServer(),
    toasts: toastsShown(),
    failure: null,
    expectedCalls: ['switch-back'],
    expectedToasts: [],
    ended: 'open',
    escapes: 0,
  };
  await openAccountDialog(user, 'Switch back', { inspect });
  return world;
}

const inDialog = () => within(screen.getByRole('dialog', { name: 'Switch back' }));
/** SPEC §4: while acting as another user the head bar says so. */
const actingAs = () => expect(screen.getByText('operator (as admin)')).toBeTruthy();

async function play(event: SwitchBackModelEvent, world: SwitchBackWorld) {
  const { user, server } = world;
  const type: string = event.type;
  if (event.type === 'switchBack.retry') {
    await user.click(inDialog().getByRole('button', { name: 'Try again' }));
    world.expectedCalls.push('switch-back');
    world.failure = null;
  } else if (event.type === 'switchBack.cancel') {
    if (world.escapes++ % 2 === 0) await user.keyboard('{Escape}');
    else await user.click(inDialog().getByRole('button', { name: 'Cancel' }));
    world.ended = 'cancelled';
  } else if (type === SWITCHED_BACK.type) {
    await server.session(adminSession);
    world.ended = 'switched';
  } else if (type === REFUSED.type && codeOf(event) === 'NOT_SWITCHED') {
    await server.answer(switchRefusal('NOT_SWITCHED'));
    world.failure = 'You are not acting as another account';
    world.expectedToasts.push(world.failure);
  } else if (type === UNAVAILABLE.type) {
    await server.answer(unavailable());
    world.failure = 'Could not switch back';
    world.expectedToasts.push(world.failure);
  } else throw new Error(`No way to play ${type}`);
}

function sentAndSaid(world: SwitchBackWorld) {
  expect(world.server.calls, 'the calls sent').toEqual(world.expectedCalls);
  toastsAsExpected(world);
}

/** The dialog is gone and the session stored is the one the app reloads with. */
function gone(world: SwitchBackWorld, stored: Session) {
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(createStorage(window.localStorage).readSession()).toEqual(stored);
  expect(world.server.waiting(), 'no call waits').toBe(false);
  sentAndSaid(world);
}

describeViewPaths('switch back, played from the account menu', switchBackMachine, {
  model,
  start,
  play,
  states: {
    switching: (_, world) => {
      actingAs();
      expect(inDialog().getByRole('status').textContent).toBe('Switching back to admin…');
      expect(inDialog().queryAllByRole('button')).toEqual([]);
      expect(world.server.waiting(), 'switch-back waits for the server').toBe(true);
      sentAndSaid(world);
    },
    failed: (_, world) => {
      actingAs();
      expect(inDialog().getByRole('alert').textContent).toBe(world.failure);
      expect(inDialog().getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(inDialog().getByRole('button', { name: 'Cancel' })).toBeTruthy();
      expect(world.server.waiting(), 'no call waits').toBe(false);
      sentAndSaid(world);
    },
    switched: (_, world) => {
      expect(world.ended).toBe('switched');
      gone(world, adminSession);
    },
    cancelled: (_, world) => {
      expect(world.ended).toBe('cancelled');
      gone(world, operatorAsAdmin);
      actingAs();
    },
  },
});
