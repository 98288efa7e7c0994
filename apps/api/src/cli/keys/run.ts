/**
 * `npm run keys` as a function of its arguments and environment: help and refused arguments answer
 * at once; a command checks that the database is there before it is carried out. Resolves to the
 * exit code: 0 done, 1 failed (the database too), 2 bad arguments.
 */
import { loadConfig } from '../../config/config.js';
import { unusableDatabase } from '../usable-database.js';
import { type Command, commandOf, parseCommandLine, refused } from './arguments.js';
import { HELP } from './help.js';
import { printed } from './print.js';

export async function run(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    err(`${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    out(HELP);
    return 0;
  }
  if (positionals.length === 0) {
    err(HELP);
    return 2;
  }
  let command: Command;
  try {
    command = commandOf(values, positionals);
  } catch (error) {
    return refused(error, err);
  }

  const config = loadConfig(env);
  const unusable = await unusableDatabase(config.database, values['create-database']);
  if (unusable !== null) {
    err(unusable);
    return 1;
  }
  // NestJS, TypeORM and the services load only now: help and refused arguments answer at once.
  const { carryOut } = await import('./dispatch.js');
  try {
    await carryOut(command, config, (outcome) => {
      out(printed(outcome, values.json));
    });
    return 0;
  } catch (error) {
    return refused(error, err);
  }
}
