import { createGuardrails, generate, verify } from 'otplib';

/**
 * otplib refuses secrets under 16 bytes by default. Secrets of 10 bytes (80 bits, the classic authenticator-app
 * size) are still in use, including the published demo secret, so accept them; secrets we make are longer.
 */
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

/** One 30-second step either side, for phones whose clock drifts a little. */
const TOLERANCE_SECONDS = 30;

const epochOf = (now: Date) => Math.floor(now.getTime() / 1000);

/** The 30-second time step `code` belongs to, when it is valid at `now`; null otherwise. */
export async function totpStepOf(secret: string, code: string, now: Date): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: epochOf(now),
    epochTolerance: TOLERANCE_SECONDS,
    guardrails,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** The code an authenticator app shows at `now` (for tests and the two-factor setup check). */
export const totpAt = (secret: string, now: Date) => generate({ secret, epoch: epochOf(now), guardrails });
