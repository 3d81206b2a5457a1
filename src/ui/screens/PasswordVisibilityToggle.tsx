import { EyeIcon } from '../icons/EyeIcon';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';

/** The eye at the end of a password field: shows or hides what was typed (login and new password forms). */
export function PasswordVisibilityToggle({ visible, onToggle }: { visible: boolean; onToggle: () => void }) {
  const t = useT();
  return (
    <Button
      variant="quiet"
      className="px-2 py-1 text-sm"
      aria-label={t(visible ? 'login.hidePassword' : 'login.showPassword')}
      aria-pressed={visible}
      onClick={onToggle}
    >
      <EyeIcon crossed={visible} />
    </Button>
  );
}
