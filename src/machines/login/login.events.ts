export type LoginField = 'username' | 'password' | 'code';

export type LoginEvent =
  | { type: 'login.edit'; field: LoginField; value: string }
  | { type: 'login.toggleRememberMe' }
  | { type: 'login.togglePasswordVisibility' }
  | { type: 'login.submit' }
  /** Leave the security-code step for the credentials form. */
  | { type: 'login.back' };
