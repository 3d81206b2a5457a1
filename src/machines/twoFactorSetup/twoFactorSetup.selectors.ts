import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Message } from '../message';
import type { twoFactorSetupMachine } from './twoFactorSetupMachine';

type TwoFactorSetupSnapshot = SnapshotFrom<typeof twoFactorSetupMachine>;
/** The running twoFactorSetupMachine a view reads and sends to. */
export type TwoFactorSetupActor = ActorRefFrom<typeof twoFactorSetupMachine>;

/** The step of SPEC §2 shown: 1 scan, 2 type the secret, 3 enter a code; 0 while none is (loading, failed). */
export const selectStep = (s: TwoFactorSetupSnapshot): 0 | 1 | 2 | 3 =>
  s.matches('scanning')
    ? 1
    : s.matches('typingSecret')
      ? 2
      : s.matches('enteringCode') || s.matches('verifying')
        ? 3
        : 0;
export const selectIsLoading = (s: TwoFactorSetupSnapshot): boolean => s.matches('loading');
export const selectLoadFailed = (s: TwoFactorSetupSnapshot): boolean => s.matches('loadFailed');
export const selectQrCode = (s: TwoFactorSetupSnapshot): string => s.context.qrCode;
export const selectSecret = (s: TwoFactorSetupSnapshot): string => s.context.secret;
export const selectCode = (s: TwoFactorSetupSnapshot): string => s.context.code;
export const selectCodeError = (s: TwoFactorSetupSnapshot): Message | null => s.context.codeError;
export const selectIsVerifying = (s: TwoFactorSetupSnapshot): boolean => s.matches('verifying');
export const selectIsCopying = (s: TwoFactorSetupSnapshot): boolean => s.matches({ typingSecret: 'copying' });
export const selectCopied = (s: TwoFactorSetupSnapshot): boolean => s.matches({ typingSecret: 'copied' });
export const selectCopyFailed = (s: TwoFactorSetupSnapshot): boolean =>
  s.matches({ typingSecret: 'copyFailed' });
