import * as v from 'valibot';

/**
 * Bug reports and feature requests (SPEC §3, §5, §7): one shape, two calls. The server stores each with status
 * OPEN and e-mails it to the tenant's support address; with an e-mail and `sendMeACopy`, the sender gets a copy.
 */
export const SUPPORT_KINDS = ['bugReport', 'featureRequest'] as const;
export type SupportKind = (typeof SUPPORT_KINDS)[number];

/** SPEC §7's paths, by kind. */
export const SUPPORT_PATHS: Record<SupportKind, string> = {
  bugReport: 'v2/support/bug-report',
  featureRequest: 'v2/support/feature-request',
};

export const SUPPORT_TITLE_MAX_LENGTH = 200;
export const SUPPORT_DESCRIPTION_MAX_LENGTH = 10_000;
const EMAIL_MAX_LENGTH = 254;

const requiredText = (name: string, max: number) =>
  v.pipe(
    v.string(`${name} is required`),
    v.trim(),
    v.nonEmpty(`${name} is required`),
    v.maxLength(max, `${name} must be at most ${max} characters`),
  );

/** Optional, but a valid address when given (SPEC §5): the form leaves it out when blank. */
export const SupportEmail = v.pipe(
  v.string('Email is invalid'),
  v.trim(),
  v.maxLength(EMAIL_MAX_LENGTH, 'Email is invalid'),
  v.email('Email is invalid'),
);

export const SupportRequest = v.object({
  title: requiredText('Title', SUPPORT_TITLE_MAX_LENGTH),
  email: v.optional(v.nullable(SupportEmail)),
  description: requiredText('Description', SUPPORT_DESCRIPTION_MAX_LENGTH),
  /** SPEC §3: a new request is OPEN; nothing else may be sent. */
  status: v.optional(v.literal('OPEN', 'Status must be OPEN'), 'OPEN'),
});
export type SupportRequest = v.InferInput<typeof SupportRequest>;

/** `?sendMeACopy=true`: a copy goes to the request's e-mail, when it has one. */
export const SupportRequestQuery = v.object({
  sendMeACopy: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], "Send me a copy must be 'true' or 'false'"),
      v.transform((value) => value === 'true'),
    ),
    'false',
  ),
});

/** The answer: the stored request's id and status. */
export const SupportReceipt = v.object({ id: v.string(), status: v.literal('OPEN') });
export type SupportReceipt = v.InferOutput<typeof SupportReceipt>;
