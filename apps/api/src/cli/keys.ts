/**
 * `npm run keys`: manages accounts, API keys and people's sign-in links on the API's database
 * (docs/partners/authentication.md). Runs the command line it is given and sets the exit code; the
 * command's parts are in keys/.
 */
import { run } from './keys/run.js';

run(
  process.argv.slice(2),
  process.env,
  (text) => process.stdout.write(`${text}\n`),
  (text) => process.stderr.write(`${text}\n`),
).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
