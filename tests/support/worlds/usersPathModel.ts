import type { UserField } from '../../../src/machines/users/users.events';
import type { usersMachine } from '../../../src/machines/users/usersMachine';
import type { UserSummary } from '#contracts';
import type { ModelOptions } from '../paths/coveringPaths';
import { accountSettings } from '../fixtures/fixtures';
import { adminSession } from '../fixtures/switchSessions';
import { modelEvents } from '../paths/modelEvents';

/** The model of the user list's path tests: admin and operator are listed, newbie is created, operator toggled. */
export type UsersModelEvent = Parameters<typeof usersMachine.transition>[1];
const { done, failed } = modelEvents<typeof usersMachine>();

export const ADMIN: UserSummary = {
  id: '6f1c1d0e-0000-4000-8000-000000000001',
  username: 'admin',
  email: 'admin@demo.example',
  role: 'administrator',
  disabled: false,
};
export const OPERATOR: UserSummary = {
  id: '6f1c1d0e-0000-4000-8000-000000000002',
  username: 'operator',
  email: null,
  role: 'operator',
  disabled: false,
};
export const NEWBIE: UserSummary = {
  id: '6f1c1d0e-0000-4000-8000-000000000003',
  username: 'newbie',
  email: 'newbie@demo.example',
  role: 'operator',
  disabled: false,
};
export const ENTRY: Record<UserField, string> = {
  username: 'newbie',
  email: 'newbie@demo.example',
  role: 'operator',
};
export const FIELD_LABEL: Record<UserField, string> = { username: 'Username', email: 'E-mail', role: 'Role' };
const ROLE_SHOWN: Record<UserSummary['role'], string> = {
  operator: 'Operator',
  administrator: 'Administrator',
  custom: 'Custom grants',
};

/** A user's row in the dialog's table, cell by cell: the administrator's own says "You", the others offer a switch. */
export const rowShown = (user: UserSummary) => [
  user.username,
  user.email ?? 'No e-mail',
  ROLE_SHOWN[user.role],
  user.disabled ? 'Disabled' : 'Active',
  user.username === 'admin' ? 'You' : user.disabled ? 'Enable' : 'Disable',
];

export const REQUIRED: Record<UserField, string> = {
  username: 'Username is required',
  email: 'E-mail is required',
  role: 'Role is required',
};

export const LOADED = done('loadUsers', [ADMIN, OPERATOR]);
export const LOAD_FAILED = failed('loadUsers');
export const CREATED = done('createUser', NEWBIE);
export const TAKEN = failed('createUser', { kind: 'refused', code: 'USERNAME_TAKEN' });
export const CREATE_FAILED = failed('createUser', { kind: 'unavailable' });
export const DISABLED = done('setUserDisabled', { ...OPERATOR, disabled: true });
const ENABLED = done('setUserDisabled', OPERATOR);
export const SWITCH_REFUSED = failed('setUserDisabled', { kind: 'refused', code: 'GRANTS_EXCEEDED' });

/** The code of a refusal the model event carries (the failures of one actor share their event type). */
export const refusedWith = (event: UsersModelEvent) => (event as { error?: { code?: string } }).error?.code;

const operatorDisabled = (users: readonly UserSummary[]) => users.find((u) => u.id === OPERATOR.id)?.disabled;

export const model: ModelOptions<typeof usersMachine> = {
  input: { session: adminSession, settings: accountSettings },
  events: [
    LOADED,
    LOAD_FAILED,
    { type: 'users.retry' },
    { type: 'users.close' },
    { type: 'users.new' },
    ...(['username', 'email', 'role'] as const).map(
      (field) => ({ type: 'users.edit', field, value: ENTRY[field] }) as const,
    ),
    { type: 'users.submit' },
    { type: 'users.cancel' },
    { type: 'users.disable', id: OPERATOR.id },
    { type: 'users.enable', id: OPERATOR.id },
    { type: 'users.confirm' },
    CREATED,
    TAKEN,
    CREATE_FAILED,
    DISABLED,
    ENABLED,
    SWITCH_REFUSED,
  ],
  serializeState: (s) => JSON.stringify({ value: s.value, ...s.context, self: undefined }),
  // What a user can do: wait while a call is out; fill each field once; create newbie once; use the button the
  // operator's row shows (disable while enabled, enable while disabled).
  filterEvents: (s, e) => {
    const type: string = e.type;
    const waits = s.matches('loading') || s.matches({ creating: 'sending' }) || s.matches('switching');
    if (!waits && type.startsWith('xstate.')) return false;
    const { users, draft, pending } = s.context;
    switch (type) {
      case 'users.new':
        return !users.some((user) => user.id === NEWBIE.id);
      case 'users.edit':
        return draft[(e as { field: UserField }).field] === '';
      case 'users.disable':
        return operatorDisabled(users) === false;
      case 'users.enable':
        return operatorDisabled(users) === true;
      case DISABLED.type:
        return pending?.disabled === true;
      case ENABLED.type:
        return pending?.disabled === false;
      default:
        return true;
    }
  },
};
