import { isIPv6 } from 'node:net';
import { THROTTLED_CODE } from '#contracts';
import { AppError } from '../../errors';

/**
 * Thirty attempts that may be guessing (a failed sign-in or code, a recovery request) from one client address within
 * fifteen minutes hold that address off until the oldest of them is fifteen minutes old. A sprayer gets thirty
 * usernames tried, then two a minute; a store's shared address, where people mistype now and then and are locked
 * out per user after five, never comes near it. Figures and why: docs/decisions/, "Sign-in throttled per address".
 */
export const ADDRESS_LIMIT = 30;
export const ADDRESS_WINDOW_MS = 15 * 60_000;

/** Until when an address with these recent attempts is held off, or null when it may try now. */
export function throttledUntil(attempts: readonly Date[], now: Date): Date | null {
  const recent = attempts
    .map((at) => at.getTime())
    .filter((at) => at > now.getTime() - ADDRESS_WINDOW_MS)
    .sort((a, b) => a - b);
  if (recent.length < ADDRESS_LIMIT) return null;
  // Once this attempt leaves the window, fewer than the limit remain.
  return new Date(recent[recent.length - ADDRESS_LIMIT]! + ADDRESS_WINDOW_MS);
}

/** 429 with Retry-After (whole seconds); the login screen says the wait in its own language from that header. */
export function throttled(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    429,
    THROTTLED_CODE,
    `Too many attempts from your network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { 'Retry-After': String(seconds) },
  );
}

/** The first four groups of an IPv6 address written in full ('::' expanded), or null when it has none to give. */
function prefix64(address: string): string | null {
  const [head = '', tail] = address.split('%')[0]!.split('::');
  // A dotted IPv4 ending ('64:ff9b::192.0.2.1') stands for the last two groups.
  const groupsOf = (part: string) =>
    part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const left = groupsOf(head);
  const right = groupsOf(tail ?? '');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right];
  return groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':');
}

/**
 * What an address is counted as: an IPv4 address (also when written IPv4-mapped), or an IPv6 address's /64, since
 * one subscriber holds a whole /64 and could otherwise try from a new address each time.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const network = prefix64(ip);
  return network ? `${network}::/64` : ip;
}
