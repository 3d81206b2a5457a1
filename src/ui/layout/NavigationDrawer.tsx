import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useT } from '../i18n';
import { Sidebar } from './Sidebar';

/**
 * The sidebar on a narrow screen: a modal drawer from the left. Headless UI traps focus inside it, closes it on
 * Escape or a tap outside, and returns focus to the menu button that opened it.
 */
export function NavigationDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} className="relative z-40">
      <DialogBackdrop className="fixed inset-0 bg-black/50" />
      <DialogPanel className="fixed inset-y-0 left-0 flex max-w-[85vw]">
        <DialogTitle className="sr-only">{t('layout.navigation')}</DialogTitle>
        <Sidebar />
      </DialogPanel>
    </Dialog>
  );
}
