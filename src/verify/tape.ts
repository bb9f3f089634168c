import { isConstantName, type ConstantName } from '../expr/constants.js';
import type { FnName } from '../expr/functions.js';
import { isOdeUnknown } from '../expr/odeUnknowns.js';
import type { Rational } from '../expr/rational.js';
import type { Expr } from '../expr/types.js';
import { oddRootExponent } from './oddRootExponent.js';

export enum Op {
  Num,
  /** A named constant (π, e, Catalan's, γ, ζ(n), ∞): `named` says which. */
  Const,
  X,
  Add,
  Mul,
  Div,
  Pow,
  Neg,
  Fn,
}

/** One node of a compiled tree: its operation and the slots of its operands. */
export interface Instr {
  readonly op: Op;
  readonly args: Int32Array;
  /** Literal value (Op.Num). */
  readonly value: number;
  /** Function name (Op.Fn). */
  readonly name: FnName | '';
  /** Constant's name (Op.Const). */
  readonly named?: ConstantName;
  /** Free of x: evaluated once per tape, not at every point. */
  readonly constant: boolean;
  /** Op.Pow of a base depending on x to a constant p/q, q odd: a negative base takes the real root (see oddRootExponent). */
  readonly oddRoot: Rational | null;
}

/**
 * A tree flattened into evaluation order (operands before their users), with shared subtrees
 * (same object, as derivatives produce) compiled once. Both evaluators (double with error bounds,
 * and decimal at high precision) run over the same tape. The root is the last slot.
 */
export interface Tape {
  readonly instrs: readonly Instr[];
  /** Function names used anywhere, for "unsupported function" reasons. */
  readonly functions: ReadonlySet<FnName>;
}

export class TapeTooLarge extends Error {}

/**
 * A symbol with no value of its own: a parameter (put a number in its place first, with
 * expr/edit/instantiate.ts) or an ODE's unknown.
 */
export class UnboundSymbol extends Error {
  constructor(readonly symbol: string) {
    super(`${symbol} has no value: ${isOdeUnknown(symbol) ? "it is the equation's unknown" : 'a parameter is given numbers before anything is evaluated'}`);
  }
}

/** Most slots a tape may have; derivatives of parse-bounded trees stay far below. */
export const MAX_TAPE = 200_000;

const NO_ARGS = new Int32Array(0);

export function compileTape(root: Expr, maxSlots = MAX_TAPE): Tape {
  const instrs: Instr[] = [];
  const slotOf = new Map<Expr, number>();
  const literalSlot = new Map<number, number>();
  const functions = new Set<FnName>();

  const push = (instr: Instr): number => {
    if (instrs.length >= maxSlots) throw new TapeTooLarge(`expression compiles to more than ${maxSlots} operations`);
    instrs.push(instr);
    return instrs.length - 1;
  };

  // Iterative post-order so that depth is no concern.
  const stack: Array<{ e: Expr; visited: boolean }> = [{ e: root, visited: false }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const e = top.e;
    if (slotOf.has(e)) {
      stack.pop();
      continue;
    }
    if (e.type === 'num') {
      stack.pop();
      let slot = literalSlot.get(e.value);
      if (slot === undefined) {
        slot = push({ op: Op.Num, args: NO_ARGS, value: e.value, name: '', constant: true, oddRoot: null });
        literalSlot.set(e.value, slot);
      }
      slotOf.set(e, slot);
      continue;
    }
    if (e.type === 'sym') {
      stack.pop();
      const x = e.name === 'x';
      if (!x && !isConstantName(e.name)) throw new UnboundSymbol(e.name);
      const named = x ? undefined : e.name;
      slotOf.set(e, push({ op: x ? Op.X : Op.Const, args: NO_ARGS, value: 0, name: '', named, constant: !x, oddRoot: null }));
      continue;
    }
    if (!top.visited) {
      top.visited = true;
      for (let i = e.args.length - 1; i >= 0; i--) if (!slotOf.has(e.args[i])) stack.push({ e: e.args[i], visited: false });
      continue;
    }
    stack.pop();
    const args = Int32Array.from(e.args, (a) => slotOf.get(a)!);
    let constant = true;
    for (const a of args) constant &&= instrs[a].constant;
    let op: Op;
    let name: FnName | '' = '';
    switch (e.type) {
      case 'add':
        op = Op.Add;
        break;
      case 'mul':
        op = Op.Mul;
        break;
      case 'div':
        op = Op.Div;
        break;
      case 'pow':
        op = Op.Pow;
        break;
      case 'neg':
        op = Op.Neg;
        break;
      case 'fn':
        op = Op.Fn;
        name = e.name;
        functions.add(e.name);
        break;
    }
    // The real root for powers of x-dependent bases only: a constant such as (-1)^(1/3) in a CAS answer
    // means its principal value.
    const oddRoot = e.type === 'pow' && !instrs[args[0]].constant && instrs[args[1]].constant ? oddRootExponent(e.args[1]) : null;
    slotOf.set(e, push({ op, args, value: 0, name, constant, oddRoot }));
  }
  return { instrs, functions };
}
