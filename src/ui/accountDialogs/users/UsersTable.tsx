import type { UserSummary } from '#contracts';
import { useT } from '../../i18n';
import { Button } from '../../primitives/Button';
import { TABLE_CELL as CELL, STACKED_TABLE } from '../../primitives/PagedTable';
import { ScrollRegion } from '../../primitives/ScrollRegion';

const COLUMNS = ['username', 'email', 'role', 'state'] as const;

/** The tenant's users: username, e-mail, role and state, and a disable or enable button on every row but one's own. */
export function UsersTable({
  users,
  self,
  onToggle,
}: {
  users: readonly UserSummary[];
  /** The signed-in administrator: they cannot disable themselves. */
  self: string;
  onToggle: (user: UserSummary) => void;
}) {
  const t = useT();
  return (
    <ScrollRegion label={t('users.table')} className="max-h-[60vh]">
      <table className={STACKED_TABLE}>
        <caption className="sr-only">{t('users.table')}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={CELL}>
                {t(`users.${column}`)}
              </th>
            ))}
            <th scope="col" className={CELL}>
              <span className="sr-only">{t('users.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className="border-t border-muted/20">
              <th scope="row" className={`${CELL} font-medium`}>
                {user.username}
              </th>
              <td className={`${CELL} sm:whitespace-nowrap`} data-label={t('users.email')}>
                {user.email ?? <span className="text-muted">{t('users.noEmail')}</span>}
              </td>
              <td className={CELL} data-label={t('users.role')}>
                {t(`users.role.${user.role}`)}
              </td>
              <td className={CELL} data-label={t('users.state')}>
                {t(user.disabled ? 'users.inactive' : 'users.active')}
              </td>
              <td className={`${CELL} sm:text-right`}>
                {user.username === self ? (
                  <span className="text-muted">{t('users.you')}</span>
                ) : (
                  <Button
                    variant="quiet"
                    className="px-2 py-1"
                    aria-label={t(user.disabled ? 'users.enableUser' : 'users.disableUser', {
                      username: user.username,
                    })}
                    onClick={() => onToggle(user)}
                  >
                    {t(user.disabled ? 'users.enable' : 'users.disable')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
