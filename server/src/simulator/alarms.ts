/**
 * The alarms of one simulated department: what its physics raise, plus what was forced on demand (the demo route,
 * tests). A forced raise stays until forced clear, whatever the physics do; a forced clear of an alarm the physics
 * still raise hides it until the physics clear it themselves (then it may come back on its own later).
 */
export class DepartmentAlarms {
  private readonly forced = new Set<string>();
  private readonly hidden = new Set<string>();
  /** What the device last told the server, to send only changes as `alarm` messages. */
  private published = new Set<string>();

  /** The active codes now, in a stable order: the physics' own first, then the forced ones. */
  current(physics: readonly string[]): string[] {
    for (const code of this.hidden) if (!physics.includes(code)) this.hidden.delete(code);
    const active = physics.filter((c) => !this.hidden.has(c));
    for (const code of this.forced) if (!active.includes(code)) active.push(code);
    return active;
  }

  force(code: string, raised: boolean, physics: readonly string[]): void {
    if (raised) {
      this.forced.add(code);
      this.hidden.delete(code);
      return;
    }
    this.forced.delete(code);
    if (physics.includes(code)) this.hidden.add(code);
  }

  /** The codes raised and cleared since the last call (which counts them as told). */
  takeChanges(active: readonly string[]): { raised: string[]; cleared: string[] } {
    const raised = active.filter((c) => !this.published.has(c));
    const cleared = [...this.published].filter((c) => !active.includes(c));
    this.published = new Set(active);
    return { raised, cleared };
  }
}
