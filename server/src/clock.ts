/** The time source of every rule that depends on time (expiry, lockout, TOTP), replaceable in tests. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
