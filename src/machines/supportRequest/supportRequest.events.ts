/** The form's text fields. */
export type SupportField = 'title' | 'description' | 'email';

export type SupportRequestEvent =
  | { type: 'support.edit'; field: SupportField; value: string }
  /** 'Send me a copy': only with an e-mail to send it to (SPEC §5). */
  | { type: 'support.copyToggled'; value: boolean }
  /** Send; also the retry after a failed send. */
  | { type: 'support.submit' }
  | { type: 'support.cancel' };
