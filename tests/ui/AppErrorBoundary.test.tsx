import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../support/dom/renderApp';

// The toasts sit outside every screen: their failure is one only the last-resort boundary catches.
vi.mock('../../src/ui/notifications/Toasts', () => ({
  Toasts: () => {
    throw new Error('Toast stack exploded');
  },
}));

describe('app error boundary', () => {
  it('replaces the blank page with what failed and a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    renderApp('/login');
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('heading', { name: 'Coldwatch stopped working' })).toBeTruthy();
    expect(alert.textContent).toContain('Toast stack exploded');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalled();
    expect(console.error).toHaveBeenCalled();
  });
});
