import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KeptFocus } from '../../src/ui/KeptFocus';

/** A widget's pager and a sign-in form, both disabled while `busy`, and a control elsewhere. */
function Page({ busy }: { busy: boolean }) {
  return (
    <>
      <KeptFocus />
      <main tabIndex={-1}>
        <article aria-label="Freezer room log">
          <button disabled={busy}>Next rows</button>
        </article>
        <form aria-label="Sign in">
          <button disabled={busy}>Sign in</button>
        </form>
        <button>Help</button>
      </main>
    </>
  );
}

/**
 * Chromium leaves a focused control that became disabled at its next rendering, with a focusout that goes
 * nowhere; jsdom keeps focus on it, so the test plays that event as the browser does.
 */
function browserLeaves(control: HTMLElement) {
  control.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: null }));
}

const focused = () => document.activeElement;

describe('focus kept beside a control that becomes disabled', () => {
  it('waits on the widget while its pager is disabled, and returns to the pager once it is enabled', async () => {
    const page = render(<Page busy={false} />);
    const next = screen.getByRole('button', { name: 'Next rows' });
    next.focus();
    page.rerender(<Page busy />);
    browserLeaves(next);
    expect(focused()).toBe(screen.getByRole('article', { name: 'Freezer room log' }));
    page.rerender(<Page busy={false} />);
    await waitFor(() => expect(focused()).toBe(next));
  });

  it('waits on the form, and stays where the user went meanwhile', async () => {
    const page = render(<Page busy={false} />);
    const signIn = screen.getByRole('button', { name: 'Sign in' });
    const form = screen.getByRole('form', { name: 'Sign in' });
    signIn.focus();
    page.rerender(<Page busy />);
    browserLeaves(signIn);
    expect(focused()).toBe(form);
    screen.getByRole('button', { name: 'Help' }).focus();
    // The form was given a tabindex to hold focus: it loses it again, and is no stop for Tab or a click.
    expect(form.hasAttribute('tabindex')).toBe(false);
    page.rerender(<Page busy={false} />);
    await Promise.resolve();
    expect(focused()).toBe(screen.getByRole('button', { name: 'Help' }));
  });

  it('leaves alone a control the keyboard leaves for another (Tab), disabled or not', () => {
    const page = render(<Page busy={false} />);
    const signIn = screen.getByRole('button', { name: 'Sign in' });
    signIn.focus();
    page.rerender(<Page busy />);
    const help = screen.getByRole('button', { name: 'Help' });
    signIn.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: help }));
    expect(focused()).toBe(signIn);
  });
});
