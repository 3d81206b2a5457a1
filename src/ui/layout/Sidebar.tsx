import { selectSidebarLogo, selectTenantTitle } from '../../machines/app/app.selectors';
import { AppActor } from '../appActor';
import { useT } from '../i18n';

/** SPEC §9: the sidebar is 300 px wide. The dashboards list and device tree fill the nav later. */
export function Sidebar() {
  const t = useT();
  const logo = AppActor.useSelector(selectSidebarLogo);
  const tenant = AppActor.useSelector(selectTenantTitle);
  return (
    <aside className="flex w-sidebar shrink-0 flex-col bg-sidebar text-white">
      <div className="flex h-16 items-center bg-sidebar-secondary px-4">
        {logo ? <img src={logo} alt={t('login.logoAlt', { tenant })} className="h-10" /> : null}
      </div>
      <nav aria-label={t('layout.navigation')} className="flex-1 overflow-y-auto" />
    </aside>
  );
}
