/**
 * A fault test's run: the built API on a durable account's database, partners writing to it
 * (a {@link WriteLedger}) until the test stops them, what each phase of the fault saw, and the
 * check after a restart that every acknowledged write is there.
 */
import { type ServerProcess, startServer } from '@pets/services';
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
  /** Whether the writers were told to stop. */
  stopped = false;
  private readonly load: Promise<void>;

  private constructor(
    public server: ServerProcess,
    private readonly account: DurableAccount,
    prefix: string,
    keepGoing: boolean,
  ) {
    this.ledger = new WriteLedger(() => this.server.baseUrl, account, prefix);
    this.load = this.ledger.run(6, () => this.stopped, keepGoing);
  }

  /**
   * Starts the API and six writers of pets named `prefix` and a number (with the changers beside
   * them); `keepGoing`: a writer whose request got no answer waits and goes on.
   */
  static async start(account: DurableAccount, prefix: string, keepGoing = false) {
    return new LoadedApi(await startServer(account.env), account, prefix, keepGoing);
  }

  /** Tells the writers to stop and waits until they have. */
  async stopWriting(): Promise<void> {
    this.stopped = true;
    await this.load;
  }

  /** Stops the writers, then the API as operators do (SIGTERM); the API's exit code. */
  async stopGracefully(): Promise<number | null> {
    await this.stopWriting();
    this.server.child.kill('SIGTERM');
    return (await this.server.exited).code;
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
    this.server = await startServer(this.account.env);
    await checkLedger(this.ledger, this.server.baseUrl, this.account.spare, options);
  }

  /** Whatever happened: the writers stop, the API is killed, and both are waited for. */
  async end(): Promise<void> {
    this.stopped = true;
    this.server.child.kill('SIGKILL');
    await this.server.exited;
    await this.load;
  }
}
