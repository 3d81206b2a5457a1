import * as v from 'valibot';
import { Username } from './auth';
import { trimmed } from './common';

/**
 * The administrators' user list (issue 13, "Administration"): GET and POST /api/v2/admin/users, and
 * POST /api/v2/admin/users/{id}/disable and /enable. Needs SYSTEM at WRITE.
 */

/** The roles a new user can be given; each presets the user's grants (server/src/modules/users/roles.ts). */
export const USER_ROLES = ['operator', 'administrator'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** An existing user's role: 'custom' when their grants match no preset (changed by hand, or a seeded user). */
export const LISTED_ROLES = [...USER_ROLES, 'custom'] as const;
export type ListedRole = (typeof LISTED_ROLES)[number];

export const EMAIL_MAX_LENGTH = 254;

export const UserSummary = v.object({
  id: v.string(),
  username: v.string(),
  email: v.nullable(v.string()),
  role: v.picklist(LISTED_ROLES),
  disabled: v.boolean(),
});
export type UserSummary = v.InferOutput<typeof UserSummary>;

export const UserList = v.array(UserSummary);

/** POST /api/v2/admin/users: the setup-password e-mail goes to `email`, so it is required. */
export const UserCreate = v.object({
  username: Username,
  email: v.pipe(
    trimmed('Email'),
    v.maxLength(EMAIL_MAX_LENGTH, 'Email is invalid'),
    v.email('Email is invalid'),
  ),
  role: v.picklist(USER_ROLES, 'Role is required'),
});
export type UserCreate = v.InferInput<typeof UserCreate>;

export const UserIdParams = v.object({ id: v.pipe(v.string(), v.uuid('User id is invalid')) });

/** The coded errors of the user list, with their messages (the SPA shows its own translation by code). */
export const USER_ERRORS = {
  USERNAME_TAKEN: 'Username already exists',
  USER_NOT_FOUND: 'User not found',
  CANNOT_DISABLE_SELF: 'You cannot disable your own account',
  GRANTS_EXCEEDED: 'You cannot manage a user with grants you do not hold',
  ACCOUNT_DISABLED: 'This account is disabled',
} as const;
export type UserErrorCode = keyof typeof USER_ERRORS;
/** The status each of them is answered with (the server's AppError and the tests' fake servers alike). */
export const USER_ERROR_STATUS = {
  USERNAME_TAKEN: 409,
  USER_NOT_FOUND: 404,
  CANNOT_DISABLE_SELF: 409,
  GRANTS_EXCEEDED: 403,
  // Signing in to a disabled account (a switch to one is SWITCH_ERROR_STATUS.ACCOUNT_DISABLED).
  ACCOUNT_DISABLED: 403,
} as const satisfies Record<UserErrorCode, number>;
