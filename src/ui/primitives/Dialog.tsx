import { Dialog as HeadlessDialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { FormEvent, ReactNode } from 'react';
import { useT } from '../i18n';
import { Button } from './Button';

interface DialogProps {
  /** Visible title; it also names the dialog for assistive technology. */
  title: string;
  /** Escape, a click outside, or the close of the form: the caller sends its cancel event. */
  onClose: () => void;
  /** The dialog is a form: Enter submits, the footer's submit button too. */
  onSubmit: () => void;
  children: ReactNode;
  footer: ReactNode;
  /** Width class within SPEC §9's 500 to 800 px (from the sm breakpoint up; a phone gets the whole screen). */
  width?: DialogWidth;
}

type DialogWidth = keyof typeof PANEL_WIDTH;

// Spelled out whole so Tailwind finds the classes in the source; the keys are the width names callers pass.
const PANEL_WIDTH = {
  'max-w-[500px]': 'sm:max-w-[500px]',
  'max-w-[800px]': 'sm:max-w-[800px]',
} as const;

/**
 * Below the sm breakpoint (SPEC §9, 600 px) the panel is the whole screen: no margin or rounding, full height, so
 * the body scrolls between a title and a footer that stay in view. From sm up it is a centred card.
 */
const DIALOG_FRAME = 'fixed inset-0 flex items-stretch justify-center sm:items-center sm:p-4';
const DIALOG_PANEL =
  'flex h-full w-full flex-col bg-surface-raised text-on-surface shadow-xl sm:h-auto sm:max-h-[90vh] sm:rounded';

/** Modal on Headless UI's Dialog (focus trap, Escape, aria-modal, labelled by its title), always open while mounted. */
export function Dialog({ title, onClose, onSubmit, children, footer, width = 'max-w-[500px]' }: DialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <HeadlessDialog open onClose={onClose} className="relative z-40">
      <div aria-hidden className="fixed inset-0 bg-black/50" />
      <div className={DIALOG_FRAME}>
        <DialogPanel className={`${DIALOG_PANEL} ${PANEL_WIDTH[width]}`}>
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

interface CancelSubmitProps {
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  /** Under way (saving, sending): neither button can be pressed. */
  busy?: boolean;
  /** The submit alone waits (a field not acceptable yet, or a request the user may still cancel). */
  submitDisabled?: boolean;
}

/** The usual footer of a dialog: cancel, then the button that submits its form. */
export function CancelSubmit({
  cancelLabel,
  onCancel,
  submitLabel,
  busy = false,
  submitDisabled = false,
}: CancelSubmitProps) {
  return (
    <>
      <Button variant="quiet" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button type="submit" disabled={busy || submitDisabled}>
        {submitLabel}
      </Button>
    </>
  );
}

interface FormDialogProps {
  title: string;
  width?: DialogWidth;
  /** The cancel button, Escape and a click outside: the caller's cancel event. */
  onCancel: () => void;
  onSubmit: () => void;
  submitLabel: string;
  /** The cancel button's text when it is more than "Cancel" (keep editing, the domain's own word). */
  cancelLabel?: string;
  /** Under way (saving, sending): neither button can be pressed, and Escape or a click outside keep it open. */
  busy?: boolean;
  /** The submit alone waits (a field not acceptable yet, a list still loading). */
  submitDisabled?: boolean;
  children: ReactNode;
}

/**
 * A dialog that is a form to submit or cancel: the cancel button and the dialog's own close say the same thing,
 * and neither is heard while the form is under way.
 */
export function FormDialog({
  title,
  width,
  onCancel,
  onSubmit,
  submitLabel,
  cancelLabel,
  busy = false,
  submitDisabled = false,
  children,
}: FormDialogProps) {
  const t = useT();
  return (
    <Dialog
      title={title}
      width={width}
      onClose={() => (busy ? undefined : onCancel())}
      onSubmit={onSubmit}
      footer={
        <CancelSubmit
          cancelLabel={cancelLabel ?? t('dialog.cancel')}
          onCancel={onCancel}
          submitLabel={submitLabel}
          busy={busy}
          submitDisabled={submitDisabled}
        />
      }
    >
      {children}
    </Dialog>
  );
}
