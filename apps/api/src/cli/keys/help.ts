/** The help text of `npm run keys`: its commands, options, database and exit codes. */

export const HELP = `Manage accounts and API keys of the pet store API.

Usage: npm run keys -- <command> [options]

Commands:
  accounts list                         List accounts with their plans and limits
  accounts create --name <name> [--plan free|pro|business|enterprise] [--role partner|staff]
                  [--per-minute <n> --per-day <n> [--open-orders <n>]]
                                        Create an account (enterprise needs both limits)
  accounts set-plan <account-id> --plan <plan> [--per-minute <n> --per-day <n> [--open-orders <n>]]
                                        Change an account's plan
  list [--account <account-id>]         List API keys (never the keys themselves)
  create --account <account-id> [--label <label>]
                                        Create an API key and print it, once
  revoke <key-id>                       Revoke an API key (every instance within 5 s)
  people invite --account <account-id> --email <email>
                                        Invite a person: a one-time link (7 days), e-mailed
                                        with SMTP_URL, else printed once
  people reset --email <email>          A one-time link (1 hour) for a person to choose a new
                                        password; e-mailed with SMTP_URL, else printed once

Options:
  --json                                Print JSON instead of text
  --create-database                     Make the SQLite database (and its directory) if there is
                                        none; without it, a missing file is refused
  -h, --help                            Show this help

The database is the API's: DATABASE_URL (default sqlite:data/petstore.sqlite, relative to the
directory this runs in). A SQLite file that is not there is refused unless --create-database asks
for it; a PostgreSQL database is never made here (createdb it first).
Exit codes: 0 done, 1 failed (the database too), 2 bad arguments.`;
