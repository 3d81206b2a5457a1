/**
 * What a service call's rejection says: the failure its API declares (a `{ kind }` object: LoginFailure,
 * RecoveryFailure, ReportsFailure…), or `unavailable` for anything else that was thrown.
 */
export const failureOf = <F extends { kind: string }>(error: unknown): F | { kind: 'unavailable' } =>
  typeof error === 'object' && error !== null && 'kind' in error ? (error as F) : { kind: 'unavailable' };
