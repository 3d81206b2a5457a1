import type { Client, Subscription } from './client';

export interface Watcher {
  client: Client;
  sub: Subscription;
}

const departmentKey = (tenant: string, hexacode: string, department: number, subDepartment: number) =>
  `${tenant}/${hexacode}/${department}.${subDepartment}`;

/** Subscriptions by device department, so a gateway event finds its watchers without scanning every client. */
export class SubscriptionIndex {
  private readonly byDepartment = new Map<string, Set<Watcher>>();

  add(client: Client, sub: Subscription): void {
    const key = this.keyOf(client, sub);
    let set = this.byDepartment.get(key);
    if (!set) this.byDepartment.set(key, (set = new Set()));
    set.add({ client, sub });
  }

  remove(client: Client, sub: Subscription): void {
    const key = this.keyOf(client, sub);
    const set = this.byDepartment.get(key);
    if (!set) return;
    for (const entry of set) if (entry.client === client && entry.sub === sub) set.delete(entry);
    if (set.size === 0) this.byDepartment.delete(key);
  }

  watchers(
    tenant: string,
    hexacode: string,
    department: number,
    subDepartment: number,
  ): ReadonlySet<Watcher> | undefined {
    return this.byDepartment.get(departmentKey(tenant, hexacode, department, subDepartment));
  }

  private keyOf(client: Client, sub: Subscription): string {
    const { topic } = sub;
    return departmentKey(client.identity.tenant, topic.hexacode, topic.department, topic.subDepartment);
  }
}
