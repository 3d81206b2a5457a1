/**
 * One turn of the event loop: every promise already resolved (a fake service's answer) has reached the machine
 * that waited on it, and what that answer started has run to its next wait. Not a wait for time: nothing here
 * depends on how long a turn takes.
 */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
