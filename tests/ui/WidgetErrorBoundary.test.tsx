import '../support/fakes/resizeObserver';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardGrid } from '../../src/ui/dashboards/DashboardGrid';
import type * as PictographRendererModule from '../../src/ui/widgets/pictograph/Renderer';
import {
  coldRoom,
  dashboardOf,
  pageTopicOf,
  startDashboard,
  widgetOf,
} from '../support/fixtures/widgetFixtures';

/** The pictograph renderer throws while `failing.pictograph` is set, as a renderer bug would. */
const failing = vi.hoisted(() => ({ pictograph: true }));
vi.mock('../../src/ui/widgets/pictograph/Renderer', async (importActual) => {
  const actual = await importActual<typeof PictographRendererModule>();
  return {
    default: (props: Parameters<typeof actual.default>[0]) => {
      if (failing.pictograph) throw new Error('Icon table exploded');
      return actual.default(props);
    },
  };
});

const dashboard = dashboardOf({ id: 'd-boundaries', name: 'Boundaries', order: 0 }, [
  widgetOf('PICTOGRAPH', [{ id: 'fans', ...coldRoom, lineNumber: 7, name: 'Fans' }], { name: 'Equipment' }),
  {
    ...widgetOf('LINE', [{ id: 'air', ...coldRoom, lineNumber: 1, name: 'Air' }], { name: 'Climate' }),
    position: { i: 'w-LINE', x: 6, y: 0, w: 6, h: 6 },
  },
]);

const frame = (name: string) => screen.getByRole('article', { name });

describe('widget error boundary', () => {
  afterEach(() => {
    failing.pictograph = true;
  });

  it('shows what failed in the widget that threw; the others keep showing live values', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { actor, push } = await startDashboard(dashboard);
    render(<DashboardGrid actor={actor} />);
    const failed = await within(frame('Equipment')).findByText('This widget could not be shown');
    expect(within(frame('Equipment')).getByText('Icon table exploded')).toBeTruthy();
    expect(failed.closest('[role="alert"]')).toBeTruthy();
    // The header stays: its name and its buttons.
    expect(within(frame('Equipment')).getByRole('button', { name: 'Fullscreen Equipment' })).toBeTruthy();
    expect(logged).toHaveBeenCalled();

    push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '3.5', unit: '°C', state: null }]);
    expect(within(frame('Climate')).getByText('3.5 °C')).toBeTruthy();
    push(pageTopicOf(coldRoom), [{ number: 1, status: 'OK', value: '3.7', unit: '°C', state: null }]);
    expect(within(frame('Climate')).getByText('3.7 °C')).toBeTruthy();

    // Retry renders the widget again: still failing, the fallback stays; fixed, the widget shows.
    await userEvent.click(within(frame('Equipment')).getByRole('button', { name: 'Retry Equipment' }));
    expect(within(frame('Equipment')).getByText('This widget could not be shown')).toBeTruthy();
    failing.pictograph = false;
    await userEvent.click(within(frame('Equipment')).getByRole('button', { name: 'Retry Equipment' }));
    expect(await within(frame('Equipment')).findByText('Fans')).toBeTruthy();
    expect(within(frame('Equipment')).queryByText('This widget could not be shown')).toBeNull();
    actor.stop();
  });

  it('keeps the edit and delete buttons of a failed widget in edit mode', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { actor } = await startDashboard(dashboard);
    actor.send({ type: 'dashboard.edit' });
    render(<DashboardGrid actor={actor} />);
    await within(frame('Equipment')).findByText('This widget could not be shown');
    expect(within(frame('Equipment')).getByRole('button', { name: 'Edit widget Equipment' })).toBeTruthy();
    await userEvent.click(
      within(frame('Equipment')).getByRole('button', { name: 'Delete widget Equipment' }),
    );
    expect(screen.queryByRole('article', { name: 'Equipment' })).toBeNull();
    expect(frame('Climate')).toBeTruthy();
    actor.stop();
  });
});
