/** `npm run backup [-- --out FILE]`: see runBackup and README § Backups. */
import { runBackup, runCommand } from './commands';

runCommand(runBackup);
