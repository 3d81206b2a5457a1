import { screen, type within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { InspectionEvent, SimulatedClock } from 'xstate';
import { renderProduct } from '../paths/viewPaths';

/** Renders the signed-in product (the session already stored) and opens an account dialog from the account menu. */
export async function openAccountDialog(
  user: UserEvent,
  entry: string,
  options: { inspect: (event: InspectionEvent) => void; clock?: SimulatedClock },
) {
  renderProduct('/', options);
  await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
  await user.click(await screen.findByRole('menuitem', { name: entry }));
  return screen.findByRole('dialog', { name: entry });
}

/** An account dialog whose load failed: its alert says `message`, it offers Try again, and no call waits. */
export function loadFailedShown(
  dialog: ReturnType<typeof within>,
  message: string,
  server: { waiting(): boolean },
) {
  expect(dialog.getByRole('alert').textContent).toBe(message);
  expect(dialog.getByRole('button', { name: 'Try again' })).toBeTruthy();
  expect(server.waiting(), 'no call waits').toBe(false);
}

/** The user closed the account dialog: it is gone. */
export function dialogClosed(world: { closed: boolean }) {
  expect(world.closed).toBe(true);
  expect(screen.queryByRole('dialog')).toBeNull();
}
