import { exactRatio } from './exactRatio.js';
import type { Limits } from './limits.js';
import { ParseError, type OwnRefusal } from './parseError.js';
import type { ReadOptions } from './readOptions.js';
import { tooSmallForDouble } from './tooSmallForDouble.js';
import type { Expr } from './types.js';

/**
 * Where sagga's readers (infix and LaTeX) make their trees: every node is registered here as it is
 * built, with the offset of the text that made it, so that the node and depth limits are enforced
 * where they are crossed and refusals point there. It holds the readers' one notion of a tree's
 * size and of an exact rational; what a text means is the reader's.
 */
export class TreeBuilder {
  private nodes = 0;
  /** Tree depth of every node built so far (a leaf has depth 1). */
  private readonly depthOf = new Map<Expr, number>();
  /** Offsets of the infinity leaves built, to refuse infinity anywhere but as the whole value. */
  private readonly infinities: number[] = [];
  /** Offsets of the `DNE` leaves built, to refuse it anywhere but as the whole answer. */
  private readonly noLimits: number[] = [];

  constructor(
    readonly input: string,
    readonly limits: Limits,
    readonly options: ReadOptions = {},
  ) {}

  /** Infinity written at `at`: a leaf when the caller asked for it (ReadOptions.infinity), refused otherwise. */
  infinity(at: number): Expr {
    if (this.options.infinity !== true) throw this.error('infinity is not a value', at);
    this.infinities.push(at);
    return this.add({ type: 'sym', name: 'oo' }, at);
  }

  /** `DNE` written at `at`: a leaf when the caller asked for it (ReadOptions.noLimit), refused otherwise. */
  noLimit(at: number): Expr {
    if (this.options.noLimit !== true) throw this.error("unknown name 'DNE' (a limit's answer only)", at);
    this.noLimits.push(at);
    return this.add({ type: 'sym', name: 'DNE' }, at);
  }

  /** The tree read, once its whole text is: infinity stands only on its own (`oo`, `-oo`), and `DNE` alone. */
  finish(root: Expr): Expr {
    if (this.noLimits.length > 0 && !(root.type === 'sym' && root.name === 'DNE')) throw this.error('DNE is an answer only on its own', this.noLimits[0]);
    if (this.infinities.length === 0) return root;
    const alone = root.type === 'sym' || (root.type === 'neg' && root.args[0].type === 'sym');
    if (!alone) throw this.error('infinity is a value only on its own, as oo or -oo', this.infinities[0]);
    return root;
  }

  error(message: string, at: number, refusal?: OwnRefusal): ParseError {
    return new ParseError(message, at, this.input, refusal);
  }

  /** Register a freshly built node whose children were registered before it. */
  add<E extends Expr>(e: E, at: number): E {
    if (++this.nodes > this.limits.maxNodes) throw this.error(`expression has more than ${this.limits.maxNodes} nodes`, at, 'limit');
    let depth = 1;
    if (e.type !== 'num' && e.type !== 'sym') {
      for (const c of e.args) depth = Math.max(depth, (this.depthOf.get(c) ?? 1) + 1);
    }
    if (depth > this.limits.maxDepth) throw this.error(`expression nests deeper than ${this.limits.maxDepth} levels`, at, 'limit');
    this.depthOf.set(e, depth);
    return e;
  }

  /** A fresh copy of a built subtree, every node registered again (a text may use it twice). */
  copy(e: Expr, at: number): Expr {
    if (e.type === 'num' || e.type === 'sym') return this.add({ ...e }, at);
    return this.add({ ...e, args: e.args.map((a) => this.copy(a, at)) } as Expr, at);
  }

  /**
   * The exact rational p/q (integers of any size, as a computer algebra system prints them) as one
   * literal, negated when it is negative, when a double holds it within the literal limits;
   * `what` names it in the refusal otherwise.
   */
  ratio(p: bigint, q: bigint, at: number, what: string): Expr {
    if (q === 0n) throw this.error('division by zero', at);
    const value = exactRatio(p < 0n ? -p : p, q < 0n ? -q : q);
    if (!Number.isFinite(value) || value > this.limits.maxAbsLiteral || tooSmallForDouble(value, p === 0n ? '0' : '1')) {
      throw this.error(`${what} is ${value < 1 ? 'too small to represent' : `beyond the limit of ${this.limits.maxAbsLiteral}`}`, at, 'limit');
    }
    const magnitude = this.add({ type: 'num', value }, at);
    return p < 0n !== q < 0n ? this.add({ type: 'neg', args: [magnitude] }, at) : magnitude;
  }
}
