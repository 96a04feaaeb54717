/** `npm run migrate-to-postgres -- --to postgres://… [--files database]`: see runMigrateToPostgres. */
import { runCommand, runMigrateToPostgres } from './commands';

runCommand(runMigrateToPostgres);
