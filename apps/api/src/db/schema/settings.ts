import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const settingFlags = pgTable('setting_flags', {
  flagName: text('flag_name').primaryKey(),
  flagValue: text('flag_value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
