import type { UserDraft, UserFieldErrors } from '../../../machines/users/userForm';
import type { UserField } from '../../../machines/users/users.events';
import { USER_ROLES } from '#contracts';
import { useT } from '../../i18n';
import { Listbox } from '../../primitives/Listbox';
import { TextField } from '../../primitives/TextField';

/** The fields of a new user; the dialog's footer creates it. */
export function NewUserForm({
  draft,
  errors,
  disabled,
  onEdit,
}: {
  draft: UserDraft;
  errors: UserFieldErrors;
  disabled: boolean;
  onEdit: (field: UserField, value: string) => void;
}) {
  const t = useT();
  const error = (field: UserField) => {
    const id = errors[field];
    return id ? t(id) : null;
  };
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        {t('users.setupHint')} {t('users.roleHint')}
      </p>
      <TextField
        label={t('users.username')}
        name="username"
        autoComplete="off"
        value={draft.username}
        onValueChange={(value) => onEdit('username', value)}
        error={error('username')}
        disabled={disabled}
        required
      />
      <TextField
        label={t('users.email')}
        name="email"
        type="email"
        autoComplete="off"
        value={draft.email}
        onValueChange={(value) => onEdit('email', value)}
        error={error('email')}
        disabled={disabled}
        required
      />
      <Listbox
        label={t('users.role')}
        value={draft.role}
        choices={USER_ROLES.map((role) => ({ value: role, label: t(`users.role.${role}`) }))}
        onValueChange={(value) => onEdit('role', value)}
        placeholder={t('users.rolePlaceholder')}
        error={error('role')}
        disabled={disabled}
      />
    </div>
  );
}
