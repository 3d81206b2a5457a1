import type { ComponentProps } from 'react';
import { EyeIcon } from '../icons/EyeIcon';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { TextField } from '../primitives/TextField';

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'trailing'> & {
  visible: boolean;
  onToggleVisible: () => void;
};

/** A password field with the eye at its end that shows or hides what was typed (login and new password forms). */
export function PasswordField({ visible, onToggleVisible, ...fieldProps }: PasswordFieldProps) {
  const t = useT();
  return (
    <TextField
      {...fieldProps}
      type={visible ? 'text' : 'password'}
      trailing={
        <Button
          variant="quiet"
          className="px-2 py-1 text-sm"
          aria-label={t(visible ? 'login.hidePassword' : 'login.showPassword')}
          aria-pressed={visible}
          onClick={onToggleVisible}
        >
          <EyeIcon crossed={visible} />
        </Button>
      }
    />
  );
}
