import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { createEmptyActor, type AnyActorRef, type SnapshotFrom } from 'xstate';
import {
  livenessOf,
  selectLiveness,
  selectLivePaused,
  selectOldestLiveness,
  selectPausedSince,
  type Liveness,
} from '../../machines/socket/socket.selectors';
import type { socketMachine } from '../../machines/socket/socketMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';

type SocketSnapshot = SnapshotFrom<typeof socketMachine>;

/** Stands in for the socket where there is none (a widget shown on its own): everything is live. */
const noSocket = createEmptyActor();

/**
 * The socket of the app an actor runs in (its actor system), when it has one: views reach the live connection
 * through the actor they show, so nothing here needs the app's provider.
 */
function useSocket(within: AnyActorRef): AnyActorRef {
  return (within.system.get(SYSTEM_IDS.socket) as AnyActorRef | undefined) ?? noSocket;
}

const orLive =
  <T>(select: (s: SocketSnapshot) => T, otherwise: T) =>
  (s: unknown) =>
    (s as Partial<SocketSnapshot>).context ? select(s as SocketSnapshot) : otherwise;

/** Whether a department's values are live, or paused or stale with their report time. */
export function useLiveness(
  within: AnyActorRef,
  address: { hexacode: string; department: number; subDepartment: number } | null,
): Liveness {
  const selector = address
    ? orLive(selectLiveness(address.hexacode, address.department, address.subDepartment), 'live')
    : () => 'live';
  return livenessOf(useSelector(useSocket(within), selector));
}

/** How the values of several departments stand together: paused or stale with the oldest report time, or live. */
export function useOldestLiveness(
  within: AnyActorRef,
  addresses: readonly { hexacode: string; department: number; subDepartment: number }[],
): Liveness {
  return livenessOf(useSelector(useSocket(within), orLive(selectOldestLiveness(addresses), 'live')));
}

/** Whether live data is paused (the connection lost, or its pages not resynced yet), and since when. */
export function useLivePause(within: AnyActorRef): { paused: boolean; since: number | null } {
  const socket = useSocket(within);
  const paused = useSelector(socket, orLive(selectLivePaused, false));
  const since = useSelector(socket, orLive(selectPausedSince, null));
  return { paused, since };
}

/** The browser's time, ticking every second while the caller is shown (an age on screen that grows). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
