import { createGuardrails, generate, verify } from 'otplib';

/**
 * otplib refuses secrets under 16 bytes by default. Secrets of 10 bytes (80 bits, the classic authenticator-app
 * size) are still in use, including the published demo secret, so accept them; secrets we make are longer.
 */
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

/** One 30-second step either side, for phones whose clock drifts a little. */
const TOLERANCE_SECONDS = 30;

const epochOf = (now: Date) => Math.floor(now.getTime() / 1000);

export async function totpMatches(secret: string, code: string, now: Date): Promise<boolean> {
  const result = await verify({
    secret,
    token: code,
    epoch: epochOf(now),
    epochTolerance: TOLERANCE_SECONDS,
    guardrails,
  });
  return result.valid;
}

/** The code an authenticator app shows at `now` (for tests and the two-factor setup check). */
export const totpAt = (secret: string, now: Date) => generate({ secret, epoch: epochOf(now), guardrails });
