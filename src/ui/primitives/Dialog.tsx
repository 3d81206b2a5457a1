import { Dialog as HeadlessDialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { FormEvent, ReactNode } from 'react';

interface DialogProps {
  /** Visible title; it also names the dialog for assistive technology. */
  title: string;
  /** Escape, a click outside, or the close of the form: the caller sends its cancel event. */
  onClose: () => void;
  /** The dialog is a form: Enter submits, the footer's submit button too. */
  onSubmit: () => void;
  children: ReactNode;
  footer: ReactNode;
  /** Width class within SPEC §9's 500 to 800 px. */
  width?: 'max-w-[500px]' | 'max-w-[800px]';
}

/** Modal on Headless UI's Dialog (focus trap, Escape, aria-modal, labelled by its title), always open while mounted. */
export function Dialog({ title, onClose, onSubmit, children, footer, width = 'max-w-[500px]' }: DialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <HeadlessDialog open onClose={onClose} className="relative z-40">
      <div aria-hidden className="fixed inset-0 bg-black/50" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          className={`flex max-h-[90vh] w-full ${width} flex-col rounded bg-surface-raised text-on-surface shadow-xl`}
        >
          <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
            <DialogTitle className="px-6 pt-5 pb-3 text-xl font-semibold">{title}</DialogTitle>
            <div className="min-h-0 flex-1 overflow-y-auto px-6 py-2">{children}</div>
            <div className="flex justify-end gap-2 px-6 pt-3 pb-5">{footer}</div>
          </form>
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
