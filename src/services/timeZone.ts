/** The browser's IANA time zone ('Europe/Copenhagen'): the user's, for ranges and times they read. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
