/** The system clipboard, behind an interface so machines run without a browser. */
export interface Clipboard {
  /** Rejects when the browser refuses (no permission, an insecure page, no clipboard at all). */
  copyText(text: string): Promise<void>;
}

export function createClipboard(nav: Navigator): Clipboard {
  return {
    async copyText(text) {
      // Absent outside secure contexts (plain http on a LAN address): a refusal like any other.
      if (!nav.clipboard) throw new Error('The clipboard is not available');
      await nav.clipboard.writeText(text);
    },
  };
}
