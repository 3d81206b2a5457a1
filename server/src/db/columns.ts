import { timestamp } from 'drizzle-orm/pg-core';

/** The columns many tables share (each module's tables.ts); the tenant's and the user's are with their tables. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
