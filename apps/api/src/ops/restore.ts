/** `npm run restore -- FILE`: see runRestore and README § Backups. */
import { runCommand, runRestore } from './commands';

runCommand(runRestore);
