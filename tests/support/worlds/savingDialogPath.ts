import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ToastWatchingWorld } from '../dom/toastsShown';

/**
 * What the paths of a settings dialog that saves through a held server share (theme settings, device
 * configuration): how the path left the dialog, how often it cancelled, and the toasts the answers bring.
 */
export interface SavingDialogWorld extends ToastWatchingWorld {
  user: UserEvent;
  server: { accept(): Promise<void>; fail(): Promise<void> };
  dialog: 'open' | 'saved' | 'cancelled';
  cancels: number;
}

/** Cancels the dialog with its Cancel button and with Escape, in turn. */
export async function cancelInTurn(world: SavingDialogWorld, dialog: HTMLElement) {
  if (world.cancels++ % 2 === 0)
    await world.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  else await world.user.keyboard('{Escape}');
  world.dialog = 'cancelled';
}

/** Plays the server's answer to the save that waits: accepted, the dialog closes saved; either way, a toast. */
export async function answerSave(
  world: SavingDialogWorld,
  accepted: boolean,
  toast: { saved: string; failed: string },
) {
  if (accepted) {
    await world.server.accept();
    world.dialog = 'saved';
    world.expectedToasts.push(toast.saved);
  } else {
    await world.server.fail();
    world.expectedToasts.push(toast.failed);
  }
}
