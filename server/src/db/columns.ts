import { bigint, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The columns many tables share (each module's tables.ts); the tenant's and the user's are with their tables. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The id of a row that is named by it (in URLs, in other rows): a random uuid, so ids tell nothing of each other. */
export const randomId = () => uuid('id').primaryKey().defaultRandom();

/** The id of a record kept in the order it was written (logs, queues): read in that order and paged by it. */
export const sequentialId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/**
 * One department of one device, as rows about a case or a cabinet name it: the device's hexacode (upper-case, as
 * devices.hexacode, without a foreign key), the department and its sub-department.
 */
export const departmentColumns = () => ({
  hexacode: text('hexacode').notNull(),
  department: integer('department').notNull(),
  subDepartment: integer('sub_department').notNull(),
});
