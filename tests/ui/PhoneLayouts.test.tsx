import '../support/fakes/resizeObserver';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Dialog } from '../../src/ui/primitives/Dialog';
import { coldRoom, widgetOf } from '../support/fixtures/widgetFixtures';
import { renderWidgetDashboard } from '../support/dom/renderWidgetDashboard';

/**
 * jsdom applies no stylesheet and lays nothing out, so a phone width cannot be measured here: these tests pin the
 * responsive classes that make the layout (Tailwind's sm is SPEC §9's 600 px, src/ui/styles.css). Unprefixed
 * classes are the phone's; sm: ones apply from 600 px up.
 */
const classesOf = (element: Element) => element.className.split(/\s+/);

describe('on a phone', () => {
  it('a dialog takes the whole screen: no margin or rounding, full height; from sm up, a card as wide as asked', () => {
    render(
      <Dialog
        title="Alarm history"
        width="max-w-[800px]"
        onClose={() => {}}
        onSubmit={() => {}}
        footer="Close"
      >
        <p>Rows</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Alarm history' });
    // The panel is what holds the dialog's form; the frame around it places it on the screen.
    const panel = within(dialog)
      .getByRole('heading', { name: 'Alarm history' })
      .closest('form')!.parentElement!;
    const frame = panel.parentElement!;
    expect(classesOf(frame)).toEqual(expect.arrayContaining(['fixed', 'inset-0', 'items-stretch', 'sm:p-4']));
    expect(classesOf(frame)).not.toContain('p-4');
    const panelClasses = classesOf(panel);
    expect(panelClasses).toEqual(
      expect.arrayContaining([
        'h-full',
        'w-full',
        'sm:h-auto',
        'sm:max-h-[90vh]',
        'sm:rounded',
        'sm:max-w-[800px]',
      ]),
    );
    // Nothing unprefixed narrows, rounds or shortens the panel below sm.
    expect(panelClasses.filter((name) => /^(rounded|max-w-|max-h-)/.test(name))).toEqual([]);
  });

  it('a dialog scrolls its body between a title and a footer that stay in view', () => {
    render(
      <Dialog
        title="Upload dashboard"
        onClose={() => {}}
        onSubmit={() => {}}
        footer={<button>Import</button>}
      >
        <p>Mappings</p>
      </Dialog>,
    );
    const body = screen.getByText('Mappings').parentElement!;
    expect(classesOf(body)).toEqual(expect.arrayContaining(['min-h-0', 'flex-1', 'overflow-y-auto']));
    const footer = screen.getByRole('button', { name: 'Import' }).parentElement!;
    expect(footer.parentElement).toBe(body.parentElement);
    expect(classesOf(footer)).not.toContain('overflow-y-auto');
  });

  it('a wide table scrolls inside its own named region, which takes focus so the keyboard can scroll it', async () => {
    const air = { id: 'air', ...coldRoom, lineNumber: 1, name: 'Air' };
    const { actor } = await renderWidgetDashboard(widgetOf('TABLE', [air], { name: 'Rooms' }));
    const table = await screen.findByRole('table', { name: 'Rooms' });
    const region = screen.getByRole('region', { name: 'Rooms' });
    expect(within(region).getByRole('table')).toBe(table);
    expect(classesOf(region)).toContain('overflow-auto');
    // Fullscreen is the header's last control; the table's region is the next stop.
    screen.getByRole('button', { name: 'Fullscreen Rooms' }).focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Rooms' }));
    actor.stop();
  });
});
