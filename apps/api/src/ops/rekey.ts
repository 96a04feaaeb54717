/** `npm run backup:rekey -- FILE --out NEW_FILE`: see runRekey and README § Backups. */
import { runCommand, runRekey } from './commands';

runCommand(runRekey);
