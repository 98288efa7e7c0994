/**
 * A fault test's run: the built API on a durable account's database, partners writing to it
 * (a {@link WriteLedger}) until the test stops them, what each phase of the fault saw, and the
 * check after a restart that every acknowledged write is there. The process is a {@link CrashRun}'s.
 */
import type { ServerProcess } from '@pets/services';
import { CrashRun, stopServer } from './processes.js';
import {
  type CheckOptions,
  checkLedger,
  type DurableAccount,
  phase,
  WriteLedger,
} from './write-ledger.js';

export class LoadedApi {
  /** What each phase saw, compared whole at the end. */
  readonly seen: Record<string, unknown> = {};
  readonly ledger: WriteLedger;

  private constructor(
    private readonly run: CrashRun,
    private readonly account: DurableAccount,
    prefix: string,
    keepGoing: boolean,
  ) {
    this.ledger = new WriteLedger(() => run.baseUrl, account, prefix);
    run.load(this.ledger.run(6, run.halt, keepGoing));
  }

  /**
   * Starts the API and six writers of pets named `prefix` and a number (with the changers beside
   * them); `keepGoing`: a writer whose request got no answer waits and goes on.
   */
  static async start(account: DurableAccount, prefix: string, keepGoing = false) {
    const run = new CrashRun({ url: account.env['DATABASE_URL'] ?? '' });
    await run.start(account.env);
    return new LoadedApi(run, account, prefix, keepGoing);
  }

  /** The running server. */
  get server(): ServerProcess {
    if (!this.run.server) throw new Error('the API was not started');
    return this.run.server;
  }

  /** Whether the writers were told to stop. */
  get stopped(): boolean {
    return this.run.stopped;
  }
  set stopped(stopped: boolean) {
    this.run.stopped = stopped;
  }

  /** Tells the writers to stop and waits until they have. */
  stopWriting(): Promise<void> {
    return this.run.stopStreams();
  }

  /** Stops the writers, then the API as operators do (SIGTERM); the API's exit code. */
  async stopGracefully(): Promise<number | null> {
    await this.stopWriting();
    return (await stopServer(this.server, 'SIGTERM')).code;
  }

  /**
   * Waits, for at most `ms`, until `creates` more creates and `changes` more changes than now are
   * acknowledged; says whether they were.
   */
  moreAcknowledged(creates: number, changes: number, ms: number): Promise<boolean> {
    const [created, changed] = [this.ledger.acknowledged.size, this.ledger.changes.acknowledged];
    return phase(
      () =>
        this.ledger.acknowledged.size >= created + creates &&
        this.ledger.changes.acknowledged >= changed + changes,
      ms,
    );
  }

  /** Starts the API again on the same database and checks the ledger against what it holds. */
  async restartAndCheck(options?: CheckOptions): Promise<void> {
    await this.run.restart();
    await checkLedger(this.ledger, this.run.baseUrl, this.account.spare, options);
  }

  /** Whatever happened: the writers stop, the API is killed, and both are waited for. */
  end(): Promise<void> {
    return this.run.end();
  }
}
