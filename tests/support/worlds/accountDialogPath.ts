import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
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
