import { randomUUID } from 'node:crypto';
import type { PageTopic } from '#contracts';
import type { CompiledKind } from '../../gateway/adf/loader';
import type { Freshness } from '../../gateway/gateway';
import type { LiveLine } from '#contracts';

/** What the socket layer hands the hub for one connection. */
export interface SocketPort {
  send(text: string): void;
  /** Bytes queued in the socket, not yet written to the network. */
  bufferedAmount(): number;
  close(code: number, reason: string): void;
}

export interface ClientIdentity {
  tenant: string;
  canReadDevices: boolean;
  /** Whether factory-settings lines may be shown (user setting + RND WRITE); asked on each Subscribe. */
  factorySettings(): Promise<boolean>;
  /** The user's language as the connection was opened: states (option lines) are sent in it. */
  language: string;
}

export interface Subscription {
  key: string;
  topic: PageTopic;
  factorySettings: boolean;
  /**
   * ADF department kind of a real device, its texts in the client's language (translation on the hot path
   * without awaiting anything).
   */
  kind: CompiledKind | undefined;
  /** Line numbers of the page that this client may see. */
  visible: Set<number> | undefined;
}

/** One live connection and what it watches. */
export interface Client {
  id: string;
  identity: ClientIdentity;
  port: SocketPort;
  subscriptions: Map<string, Subscription>;
  /** Subscribes reading their snapshot, not in `subscriptions` yet (they count towards the limit). */
  subscribing: number;
  /** topic key → line number → latest value not yet sent (coalesces bursts). */
  pending: Map<string, Map<number, LiveLine>>;
  /** "hexacode/d.s" → the freshness of that department the client was last told (freshness.ts). */
  told: Map<string, Freshness>;
  lagging: boolean;
  closed: boolean;
}

export function newClient(identity: ClientIdentity, port: SocketPort): Client {
  return {
    id: randomUUID(),
    identity,
    port,
    subscriptions: new Map(),
    subscribing: 0,
    pending: new Map(),
    told: new Map(),
    lagging: false,
    closed: false,
  };
}

/** Identifies a subscribed page within one client. */
export const topicKey = (t: PageTopic) => `${t.hexacode}/${t.department}.${t.subDepartment}/${t.page}`;
