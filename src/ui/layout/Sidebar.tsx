import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { selectSidebarLogo, selectTenantTitle } from '../../machines/app/app.selectors';
import { selectSearchText, selectShowSearch } from '../../machines/deviceTree/deviceTree.selectors';
import type { deviceTreeMachine } from '../../machines/deviceTree/deviceTreeMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { AppActor } from '../appActor';
import { DashboardsList } from '../dashboards/DashboardsList';
import { useDashboards } from '../dashboards/useDashboards';
import { useT } from '../i18n';
import { DeviceTreeView } from '../tree/DeviceTreeView';
import { useSystemActor } from '../useSystemActor';

/**
 * SPEC §2/§9: a 300 px sidebar: logo, search (when enabled), the dashboards (grouped), then the devices. On a
 * narrow screen it is the content of the navigation drawer.
 */
export function Sidebar() {
  const t = useT();
  const logo = AppActor.useSelector(selectSidebarLogo);
  const tenant = AppActor.useSelector(selectTenantTitle);
  const tree = useSystemActor<ActorRefFrom<typeof deviceTreeMachine>>(SYSTEM_IDS.deviceTree);
  const showSearch = useSelector(tree, selectShowSearch);
  const search = useSelector(tree, selectSearchText);
  const dashboards = useDashboards();
  return (
    <aside className="flex w-sidebar max-w-full shrink-0 flex-col bg-sidebar text-on-sidebar [--focus-ring:var(--color-on-sidebar)]">
      <div className="flex h-16 items-center bg-sidebar-secondary px-4">
        {logo ? <img src={logo} alt={t('login.logoAlt', { tenant })} className="h-10" /> : null}
      </div>
      {showSearch ? (
        <div className="px-3 py-2">
          <input
            type="search"
            value={search}
            aria-label={t('tree.search')}
            placeholder={t('tree.search')}
            onChange={(event) => tree.send({ type: 'tree.search', text: event.target.value })}
            className="w-full rounded bg-on-sidebar/10 px-3 py-2 text-sm placeholder:text-on-sidebar/60"
          />
        </div>
      ) : null}
      <nav aria-label={t('layout.navigation')} className="flex min-h-0 flex-1 flex-col">
        <DashboardsList actor={dashboards} />
        <DeviceTreeView tree={tree} />
      </nav>
    </aside>
  );
}
