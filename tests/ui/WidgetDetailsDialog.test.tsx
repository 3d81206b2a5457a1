import '../support/fakes/resizeObserver';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import { WidgetDetailsDialog } from '../../src/ui/widgetEditor/WidgetDetailsDialog';
import { newPosition, savedLineWidget, startWidgetEditor } from '../support/fixtures/widgetEditorFixtures';

type User = ReturnType<typeof userEvent.setup>;

function renderDialog(...args: Parameters<typeof startWidgetEditor>) {
  const started = startWidgetEditor(...args);
  render(<WidgetDetailsDialog actor={started.actor} />);
  return { ...started, user: userEvent.setup() };
}

async function choose(user: User, list: string, option: string) {
  await user.click(screen.getByRole('button', { name: list }));
  const options = await screen.findByRole('listbox', { name: list });
  await user.click(within(options).getByRole('option', { name: option }));
}

describe('widget details dialog', () => {
  it('asks for a type and a name first', async () => {
    const { actor, user } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Add widget' });
    expect(within(dialog).queryByRole('button', { name: 'Add element' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('select a widget type')).toBeTruthy();
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('builds a widget whose element is picked in the element dialog', async () => {
    const { actor, user } = renderDialog();
    await choose(user, 'Widget type', 'Lines');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Room values');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Choose a line for every element')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit element 1' }));
    const step = await screen.findByRole('dialog', { name: 'Widget element' });
    await within(step).findByRole('button', { name: 'Device' });
    expect(within(step).getByRole('button', { name: 'Department' }).hasAttribute('disabled')).toBe(true);
    await choose(user, 'Device', 'Cold room (0A0B0C)');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Department' }).hasAttribute('disabled')).toBe(false),
    );
    await choose(user, 'Department', 'Room 1');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Page' }).hasAttribute('disabled')).toBe(false),
    );
    await choose(user, 'Page', '1 Overview');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Line' }).hasAttribute('disabled')).toBe(false),
    );
    await choose(user, 'Line', 'Line 2');
    await user.type(screen.getByRole('textbox', { name: 'Custom label' }), ' Air in ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const details = await screen.findByRole('dialog', { name: 'Add widget' });
    expect(within(details).getByText('Cold room · Room 1 — Air in')).toBeTruthy();
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    const output = await toPromise(actor);
    expect(output?.widget).toMatchObject({
      type: 'LINE',
      name: 'Room values',
      position: { ...newPosition, i: output?.widget.id },
      interval: { type: 'LAST_24_HOURS' },
      elements: [
        {
          hexacode: '0A0B0C',
          department: 1,
          pageNumber: 1,
          lineNumber: 2,
          dataName: 'Line 2',
          name: 'Air in',
          label: 'Cold room · Room 1',
        },
      ],
    });
  });

  it('picks, checks and clears a colour', async () => {
    const { actor, user } = renderDialog({ widget: savedLineWidget });
    await user.click(screen.getByRole('button', { name: 'Default colour: None' }));
    const picker = screen.getByRole('dialog', { name: 'Default colour' });
    await user.type(within(picker).getByRole('textbox', { name: 'Hex colour' }), '#12ab3');
    await user.click(within(picker).getByRole('button', { name: 'Save' }));
    expect(within(picker).getByText('Enter a colour as #RRGGBB')).toBeTruthy();
    await user.click(within(picker).getByRole('button', { name: 'Colour #2196F3' }));
    await user.click(within(picker).getByRole('checkbox', { name: 'Hexa mode (with transparency)' }));
    expect((within(picker).getByRole('textbox', { name: 'Hex colour' }) as HTMLInputElement).value).toBe(
      '#2196F3FF',
    );
    await user.click(within(picker).getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Default colour: #2196F3FF' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Default colour: #2196F3FF' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByRole('button', { name: 'Default colour: None' })).toBeTruthy();
    expect(actor.getSnapshot().context.draft.fields.defaultColor).toBeNull();
  });

  it('shows each type’s own fields from the editor registry', async () => {
    const { actor, user } = renderDialog();
    await choose(user, 'Widget type', 'Table');
    await choose(user, 'Presentation', 'Only values');
    expect(actor.getSnapshot().context.draft.fields.presentation).toBe('ONLY_VALUES');
    await choose(user, 'Widget type', 'Pictograph');
    expect(screen.queryByRole('button', { name: 'Presentation' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit element 1' }));
    await screen.findByRole('button', { name: 'Device' });
    await choose(user, 'Icon', 'valve');
    await user.type(screen.getByRole('spinbutton', { name: 'Maximum' }), '8');
    const step = actor.getSnapshot().children.widgetElement!;
    expect(step.getSnapshot().context.element).toMatchObject({ icon: 'valve', max: 8 });
  });

  it('cancels', async () => {
    const { actor, user } = renderDialog({ widget: savedLineWidget });
    const dialog = screen.getByRole('dialog', { name: 'Widget details' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await toPromise(actor)).toBeNull();
  });
});
