import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/dom/renderApp';

describe('not found screen', () => {
  it('shows a catalogue message id from ?message= in the user language', async () => {
    renderApp('/not-found?message=devicePage.deviceNotFound');
    expect(
      await screen.findByRole('heading', { name: 'The page you were looking for does not exist' }),
    ).toBeTruthy();
    expect(screen.getByText('Device is not found')).toBeTruthy();
    expect(screen.queryByText('devicePage.deviceNotFound')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('shows any other message as is', async () => {
    renderApp(`/not-found?message=${encodeURIComponent('Dashboard 7 is gone')}`);
    expect(await screen.findByText('Dashboard 7 is gone')).toBeTruthy();
  });

  it('shows no message without one', async () => {
    renderApp('/missing');
    expect(
      await screen.findByRole('heading', { name: 'The page you were looking for does not exist' }),
    ).toBeTruthy();
    expect(screen.getByRole('main').querySelectorAll('p')).toHaveLength(0);
  });
});
