/** Tokens and cost: what a turn spent, or what the turns before one spent. */
export interface TurnSpending {
  readonly input: number;
  readonly output: number;
  readonly cost: number;
}

/** One granted turn: the n-th of the generation, in the order the rounds give. */
export interface Turn {
  readonly index: number;
  /** What the turns settled before it spent, all but the last `lag` (those may still be in flight). */
  readonly settledBefore: TurnSpending;
  /** Record what the turn spent (once), and let the turns after it go. */
  settle(spent: TurnSpending): void;
}

/** A request for a turn, waiting for its round; `Tag` says who is charged for it. */
export interface TurnRequest<Tag> {
  readonly turn: Promise<Turn>;
  /**
   * Another caller wants the same turn: until its round begins, the request keeps the lower
   * `order` (and that caller's `tag`); a caller that comes later, while the round is under way,
   * only shares it.
   */
  claim(order: number, tag: Tag): void;
  /** The tag of the caller with the lowest order (who is charged for the turn). */
  readonly tag: Tag;
}

const NOTHING: TurnSpending = { input: 0, output: 0, cost: 0 };

/**
 * Turns for a generation's target calls, given in rounds so that which calls a budget allows does
 * not depend on the order answers arrive in. A round begins once every lane (the work of one asked
 * problem: its call, its proofs, its shrink) is waiting for a turn or done, and every turn of the
 * round before has settled; its requests are granted in lane order (the asked order). The n-th
 * turn is granted only once turns 1 … n − lag have settled, and is told what those spent: at most
 * `lag` turns are ever in flight, and a budget is checked against the same totals whatever the
 * timing. A resumed run replays its journaled answers as turns too, in the same rounds, so it
 * decides every call as the uninterrupted run did.
 *
 * A lane runs between its turns (judging an answer, choosing the next probe); a round never begins
 * while one does, which is what makes a round's requests a function of the answers alone.
 */
export class GrantRounds<Tag> {
  private running = 0;
  private sequence = 0;
  private waiting: PendingTurn<Tag>[] = [];
  private round: PendingTurn<Tag>[] = [];
  private released = 0;
  private granted = 0;
  private outstanding = 0;
  /** What each settled turn spent, by index (1-based; 0 is nothing). */
  private readonly spent: (TurnSpending | undefined)[] = [NOTHING];
  /** Spending of turns 1 … i, for every i up to the last turn with every turn before it settled. */
  private readonly prefix: TurnSpending[] = [NOTHING];
  private checkScheduled = false;

  /** `lag`: the turns that may be in flight at once (the run's slots). */
  constructor(private readonly lag: number) {
    if (!Number.isInteger(lag) || lag < 1) throw new RangeError(`lag must be a positive integer, got ${lag}`);
  }

  /** A lane, running from now until `leave`; `order` places its requests within a round. */
  lane(order: number): Lane {
    this.running++;
    return new Lane(this, order);
  }

  /** Ask for a turn in the next round. */
  request(order: number, tag: Tag): TurnRequest<Tag> {
    const pending = new PendingTurn<Tag>(order, this.sequence++, tag);
    this.waiting.push(pending);
    this.scheduleCheck();
    return pending;
  }

  /** @internal A lane stopped running (it waits, or it is done). */
  pause(): void {
    this.running--;
    this.scheduleCheck();
  }

  /** @internal A lane runs again. */
  resume(): void {
    this.running++;
  }

  // A round is judged on the next turn of the event loop, not at once: the promises a settled
  // turn resolves let their lanes run again first, so a lane just handed its answer is never
  // mistaken for one that waits.
  private scheduleCheck(): void {
    if (this.checkScheduled) return;
    this.checkScheduled = true;
    setImmediate(() => {
      this.checkScheduled = false;
      this.beginRound();
    });
  }

  private beginRound(): void {
    if (this.running > 0 || this.outstanding > 0 || this.released < this.round.length || this.waiting.length === 0) return;
    this.round = this.waiting.sort((a, b) => a.order - b.order || a.sequence - b.sequence);
    for (const pending of this.round) pending.begun = true;
    this.waiting = [];
    this.released = 0;
    this.release();
  }

  private release(): void {
    while (this.released < this.round.length) {
      const index = this.granted + 1;
      const before = index - this.lag;
      if (before > this.prefix.length - 1) return;
      this.granted = index;
      this.outstanding++;
      const pending = this.round[this.released++];
      pending.grant({
        index,
        settledBefore: before > 0 ? this.prefix[before] : NOTHING,
        settle: once((spent) => this.settle(index, spent)),
      });
    }
  }

  private settle(index: number, spent: TurnSpending): void {
    this.spent[index] = spent;
    this.outstanding--;
    for (let next = this.prefix.length; this.spent[next] !== undefined; next++) this.prefix.push(add(this.prefix[next - 1], this.spent[next]!));
    this.release();
    this.scheduleCheck();
  }
}

/** The work of one asked problem, as the rounds see it: running, or waiting for something. */
export class Lane {
  private left = false;

  constructor(
    private readonly rounds: LaneRounds | undefined,
    readonly order: number,
  ) {}

  /** A lane outside any rounds (no budget): waiting is just waiting. */
  static free(order: number): Lane {
    return new Lane(undefined, order);
  }

  /** Wait for `promise` as a lane that is not running: a round may begin meanwhile. */
  wait<T>(promise: Promise<T>): Promise<T> {
    const rounds = this.rounds;
    if (rounds === undefined) return promise;
    rounds.pause();
    return promise.then(
      (value) => {
        rounds.resume();
        return value;
      },
      (err: unknown) => {
        rounds.resume();
        throw err;
      },
    );
  }

  /** The lane's work is done (call once, whatever became of it). */
  leave(): void {
    if (this.left) return;
    this.left = true;
    this.rounds?.pause();
  }
}

/** What a lane tells its rounds. */
interface LaneRounds {
  pause(): void;
  resume(): void;
}

class PendingTurn<Tag> implements TurnRequest<Tag> {
  readonly turn: Promise<Turn>;
  grant: (turn: Turn) => void = () => {};
  /** Its round has begun: its place and tag are fixed. */
  begun = false;

  constructor(
    public order: number,
    readonly sequence: number,
    public tag: Tag,
  ) {
    this.turn = new Promise<Turn>((resolve) => (this.grant = resolve));
  }

  claim(order: number, tag: Tag): void {
    if (!this.begun && order < this.order) {
      this.order = order;
      this.tag = tag;
    }
  }
}

function add(a: TurnSpending, b: TurnSpending): TurnSpending {
  return { input: a.input + b.input, output: a.output + b.output, cost: a.cost + b.cost };
}

function once(settle: (spent: TurnSpending) => void): (spent: TurnSpending) => void {
  let done = false;
  return (spent) => {
    if (done) return;
    done = true;
    settle(spent);
  };
}
