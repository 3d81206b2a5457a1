import { render } from '@testing-library/react';
import type { WidgetInput } from '#contracts';
import { DashboardGrid } from '../../../src/ui/dashboards/DashboardGrid';
import { dashboardWith, startDashboard } from '../fixtures/widgetFixtures';

/** A dashboard of one widget, loaded in the real editor and drawn on its grid as the dashboard screen draws it. */
export async function renderWidgetDashboard(widget: WidgetInput) {
  const dashboard = await startDashboard(dashboardWith(widget));
  render(<DashboardGrid actor={dashboard.actor} />);
  return dashboard;
}
