import type { AnyActorRef } from 'xstate';
import type { PageTopic } from '#contracts/socket';
import type { PageValuesPushed } from '../socket/socket.events';
import type { PageAddress } from './devicePage.types';

export type DevicePageEvent =
  /** The router is on a device page (sent by the app machine on route changes). */
  | { type: 'page.open'; address: PageAddress; showRealtimeNote: boolean }
  /** The router left the device page. */
  | { type: 'page.close' }
  /** The operator asked for fresh data (or retries after a failure). */
  | { type: 'page.refresh' }
  /** The operator picked a line: opens the line details dialog. */
  | { type: 'line.select'; lineNumber: number }
  /** The socket pushed live values of a topic this page subscribed to. */
  | PageValuesPushed;

/** What the page sends the socket actor (systemId 'socket'). */
export type SocketSubscriptionEvent =
  | { type: 'socket.subscribe'; topic: PageTopic; subscriber: AnyActorRef }
  | { type: 'socket.unsubscribe'; topic: PageTopic; subscriber: AnyActorRef };
