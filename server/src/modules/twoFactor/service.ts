import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import { TWO_FACTOR_ERRORS, type TwoFactorSetupKey } from '#contracts';
import type { Clock } from '../../clock';
import { badRequest } from '../../errors';
import type { AuthService, AuthSession } from '../auth/service';
import { totpStepOf } from '../auth/totp';
import type { TwoFactorRepository } from './repository';

export interface TwoFactorServiceOptions {
  repository: TwoFactorRepository;
  /** Code attempts count toward the sign-in lockout of the user. */
  auth: Pick<AuthService, 'limitCodeAttempt'>;
  clock: Clock;
}

const refusal = (code: keyof typeof TWO_FACTOR_ERRORS) => badRequest(code, TWO_FACTOR_ERRORS[code]);

/**
 * Two-factor setup (SPEC §2, §4): a secret is handed out pending; a code of it confirms it and turns two-factor
 * on at once, so the setup the user finished is in force whatever becomes of the settings dialog around it.
 * Turning it off is the settings' (account/service.ts).
 */
export function createTwoFactorService({ repository, auth, clock }: TwoFactorServiceOptions) {
  return {
    async beginSetup({ tenant, user }: AuthSession): Promise<TwoFactorSetupKey> {
      const secret = generateSecret();
      await repository.savePendingSecret(tenant.id, user.id, secret);
      // The authenticator app lists the entry by issuer and account: the tenant's name and the username.
      const uri = generateURI({ issuer: tenant.title, label: user.username, secret });
      return { secret, qrCode: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M' }) };
    },

    /**
     * Wrong codes are a 400 (never 401: the caller is signed in) and count like wrong passwords. SPEC §5:
     * two-factor only with an e-mail linked: the account's, else `email` (the settings dialog's, not saved yet),
     * linked with the code; without either nothing is checked.
     */
    async confirm(
      { tenant, user }: AuthSession,
      secret: string,
      code: string,
      email: string | null,
      clientIp: string,
    ): Promise<void> {
      // A dialog left open while a newer setup began (another tab) holds a secret that can no longer be confirmed.
      if ((await repository.pendingSecret(tenant.id, user.id)) !== secret) {
        throw refusal('TWO_FACTOR_SETUP_EXPIRED');
      }
      const linked = user.email ?? email;
      if (!linked) throw refusal('TWO_FACTOR_EMAIL_REQUIRED');
      await auth.limitCodeAttempt(
        tenant,
        user.username,
        clientIp,
        async () => {
          const step = await totpStepOf(secret, code, clock.now());
          return (
            step !== null && (await repository.confirm(tenant.id, user.id, { secret, step, email: linked }))
          );
        },
        refusal('TWO_FACTOR_CODE_INVALID'),
      );
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
