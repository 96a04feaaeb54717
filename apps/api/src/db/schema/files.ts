import { customType, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Uploaded files when FILE_STORE=database: content-addressed by SHA-256, written once. */
export const storedFiles = pgTable('stored_files', {
  hash: text('hash').primaryKey(),
  content: bytea('content').notNull(),
  byteSize: integer('byte_size').notNull(),
  createdAt: createdAt(),
});
