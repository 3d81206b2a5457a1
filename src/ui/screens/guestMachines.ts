import { createContext, useContext } from 'react';
import type { InspectionEvent } from 'xstate';
import type { GuestMachines } from '../../machines/app/provideGuestMachines';

/** The password screens' machines bound to services, and the options their actors start with (tests inspect). */
export interface GuestMachinesValue {
  logic: GuestMachines;
  inspect?: (event: InspectionEvent) => void;
}

/** Filled by the composition root (main.tsx), like the app actor's provider. */
export const GuestMachinesContext = createContext<GuestMachinesValue | null>(null);

export function useGuestMachines(): GuestMachinesValue {
  const value = useContext(GuestMachinesContext);
  if (!value) throw new Error('GuestMachinesContext is not provided: see main.tsx');
  return value;
}
