// jsdom has no ResizeObserver; Headless UI's anchored popups (listbox options) observe their button with one.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;
