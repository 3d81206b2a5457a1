import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits: unguessable, so a plain sha256 (no salt, no stretching) is enough to store it. */
export const newToken = () => randomBytes(32).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
