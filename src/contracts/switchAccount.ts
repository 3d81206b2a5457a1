import * as v from 'valibot';
import { isoTime } from './common';
import { SORT_DIRECTIONS } from './settings';
import { LISTED_ROLES, USER_ERRORS } from './users';

/**
 * Switching account (SPEC §2, §3, §7, §9): an administrator (SYSTEM at WRITE) pages through the accounts of the
 * tenant, signs in as one of them and later switches back. Every switch and switch back is recorded.
 */
export const ACCOUNT_PAGE_LENGTHS = [10, 20, 50, 100] as const;
export type AccountPageLength = (typeof ACCOUNT_PAGE_LENGTHS)[number];
export const DEFAULT_ACCOUNT_PAGE_LENGTH: AccountPageLength = 20;
export const ACCOUNT_SORT_FIELDS = ['username', 'email'] as const;
export type AccountSortField = (typeof ACCOUNT_SORT_FIELDS)[number];
/** SPEC §9: the search field waits this long after the last keystroke before it asks the server. */
export const ACCOUNT_SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_HINT_MAX_LENGTH = 100;
/** Far more pages than any tenant has; it keeps OFFSET within what PostgreSQL's bigint holds. */
const MAX_PAGE_NUMBER = 1_000_000;

const pageNumber = v.pipe(
  v.number('pageNumber must be a number'),
  v.integer('pageNumber must be a whole number'),
  v.minValue(0, 'pageNumber must be 0 or more'),
  v.maxValue(MAX_PAGE_NUMBER, 'pageNumber is too large'),
);

/** POST /api/v2/account/paginate: a page of the tenant's accounts, DataTables style (draw is echoed). */
export const AccountPageRequest = v.object({
  sortField: v.optional(v.picklist(ACCOUNT_SORT_FIELDS, 'sortField must be username or email'), 'username'),
  sortDirection: v.optional(v.picklist(SORT_DIRECTIONS, 'sortDirection must be ASC or DESC'), 'ASC'),
  pageNumber,
  pageLength: v.picklist(ACCOUNT_PAGE_LENGTHS, 'pageLength must be 10, 20, 50 or 100'),
  draw: v.optional(
    v.pipe(v.number('draw must be a number'), v.integer('draw must be a whole number'), v.minValue(0)),
    0,
  ),
  searchHint: v.optional(
    v.pipe(
      v.string('searchHint must be text'),
      v.trim(),
      v.maxLength(SEARCH_HINT_MAX_LENGTH, `searchHint must be at most ${SEARCH_HINT_MAX_LENGTH} characters`),
    ),
    '',
  ),
});
export type AccountPageRequest = v.InferOutput<typeof AccountPageRequest>;

/** SPEC §3 'Account (for switching)'. */
export const Account = v.object({
  id: v.string(),
  username: v.string(),
  email: v.nullable(v.string()),
  /** The role whose preset grants the account holds ('custom' when none), as the user list names it. */
  roles: v.array(v.picklist(LISTED_ROLES)),
  domains: v.array(v.string()),
});
export type Account = v.InferOutput<typeof Account>;

export const AccountPage = v.object({
  data: v.array(Account),
  recordsFiltered: v.number(),
  draw: v.number(),
});
export type AccountPage = v.InferOutput<typeof AccountPage>;

/** POST /api/v2/account/switch/{id}. */
export const AccountIdParams = v.object({ id: v.pipe(v.string(), v.uuid('Account id is invalid')) });

/** The two acts the record keeps. */
export const SWITCH_KINDS = ['switch', 'switchBack'] as const;
export type SwitchKind = (typeof SWITCH_KINDS)[number];

/** At most this many actions of a switch come with its record (the first ones); actionsTotal says how many. */
export const SWITCH_ACTIONS_SHOWN = 50;

/**
 * A request made while switched that may change something (what a GET only reads is left out): when, which call
 * on what (the path names the ids) and its answer's status (null: it got none, e.g. the server stopped).
 */
export const SwitchAction = v.object({
  at: isoTime,
  method: v.string(),
  path: v.string(),
  statusCode: v.nullable(v.number()),
});
export type SwitchAction = v.InferOutput<typeof SwitchAction>;

/**
 * One switch or switch back: who acted, as whom, when and from which address, and for a switch what was done
 * while switched, oldest first (empty for a switch back). Newest first.
 */
export const SwitchRecord = v.object({
  id: v.number(),
  kind: v.picklist(SWITCH_KINDS),
  administrator: v.string(),
  account: v.string(),
  at: isoTime,
  clientAddress: v.string(),
  actions: v.array(SwitchAction),
  actionsTotal: v.number(),
});
export type SwitchRecord = v.InferOutput<typeof SwitchRecord>;

export const SWITCH_RECORD_PAGE_LENGTH = 20;

/** GET /api/v2/account/switch-records?pageNumber=: pages of SWITCH_RECORD_PAGE_LENGTH, newest first. */
export const SwitchRecordQuery = v.object({
  pageNumber: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'pageNumber must be a number'),
      v.transform(Number),
      v.maxValue(MAX_PAGE_NUMBER, 'pageNumber is too large'),
    ),
    '0',
  ),
});

export const SwitchRecordPage = v.object({
  data: v.array(SwitchRecord),
  recordsTotal: v.number(),
});
export type SwitchRecordPage = v.InferOutput<typeof SwitchRecordPage>;

/** The codes of the refusals, so the SPA can say which rule stopped a switch. */
export const SWITCH_ERRORS = {
  ACCOUNT_NOT_FOUND: 'No such account',
  SWITCH_TO_SELF: 'You are already signed in as this account',
  SWITCH_ABOVE_OWN_GRANTS: 'This account holds grants you do not have',
  ALREADY_SWITCHED: 'Switch back before switching to another account',
  ACCOUNT_DISABLED: USER_ERRORS.ACCOUNT_DISABLED,
  NOT_SWITCHED: 'You are not acting as another account',
  SWITCH_TO_ADMINISTRATOR: 'Administrators do not switch to another administrator',
  NOT_WHILE_SWITCHED: 'Switch back to your own account to do this',
} as const;
export type SwitchErrorCode = keyof typeof SWITCH_ERRORS;
/** The status each of them is answered with (the server's AppError and the tests' fake servers alike). */
export const SWITCH_ERROR_STATUS = {
  ACCOUNT_NOT_FOUND: 404,
  SWITCH_TO_SELF: 400,
  SWITCH_ABOVE_OWN_GRANTS: 403,
  ALREADY_SWITCHED: 409,
  ACCOUNT_DISABLED: 409,
  NOT_SWITCHED: 409,
  SWITCH_TO_ADMINISTRATOR: 403,
  NOT_WHILE_SWITCHED: 403,
} as const satisfies Record<SwitchErrorCode, number>;
