import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { ColorSet } from '#contracts';
import { createdAt, randomId } from '../../db/columns';

/** What a tenant stores of its theme; GET /api/themes turns the assets into URLs. */
export interface StoredTheme {
  colors: { dark: ColorSet; light: ColorSet };
  /** Colour of the browser chrome for the installed app (manifest theme_color). */
  themeColor: string;
  backgroundColor: string;
  loginLogoSvg: string;
  sidebarLogoSvg: string;
  faviconSvg: string;
}

/** The column every tenant-scoped table starts with: its rows go with their tenant. */
export const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

export const tenants = pgTable('tenants', {
  id: randomId(),
  name: text('name').notNull().unique(),
  title: text('title').notNull(),
  theme: jsonb('theme').$type<StoredTheme>().notNull(),
  /** Where the tenant's bug reports and feature requests are mailed; null: SUPPORT_EMAIL (modules/support). */
  supportEmail: text('support_email'),
  createdAt: createdAt(),
});

export type Tenant = typeof tenants.$inferSelect;
