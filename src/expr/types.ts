import type { ConstantName } from './constants.js';
import type { FnName } from './functions.js';
import type { OdeUnknown } from './odeUnknowns.js';
import type { ParameterName } from './parameters.js';

/**
 * The whitelisted expression tree. Every problem and every answer that sagga touches is one of
 * these; nothing outside this union can be built by the parser, so nothing else can be evaluated.
 *
 * Sums and products are n-ary (like SymPy's Add/Mul) so that mutations can add or drop operands;
 * subtraction is `add(a, neg(b))`. Every non-leaf keeps its children in `args` so that generic
 * traversals (metrics, paths for mutation, printers) need no per-kind code.
 */
export type Expr = Num | Sym | Add | Mul | Div | Pow | Neg | Fn;

/** A finite literal. The parser only makes non-negative ones; folding may make negative ones. */
export interface Num {
  readonly type: 'num';
  readonly value: number;
}

/**
 * The variable x, a named constant (constants.ts), a parameter or arbitrary constant (parameters.ts),
 * or an ODE's unknown y, y', y'' (odeUnknowns.ts). Only x and the named constants have a value of
 * their own; a tree with a parameter is evaluated once numbers are put in its place
 * (edit/instantiate.ts), and the unknowns never reach an evaluator.
 */
export type SymName = 'x' | ConstantName | ParameterName | OdeUnknown;

export interface Sym {
  readonly type: 'sym';
  readonly name: SymName;
}

export interface Add {
  readonly type: 'add';
  readonly args: readonly Expr[];
}

export interface Mul {
  readonly type: 'mul';
  readonly args: readonly Expr[];
}

export interface Div {
  readonly type: 'div';
  readonly args: readonly [Expr, Expr];
}

export interface Pow {
  readonly type: 'pow';
  readonly args: readonly [Expr, Expr];
}

export interface Neg {
  readonly type: 'neg';
  readonly args: readonly [Expr];
}

export interface Fn {
  readonly type: 'fn';
  readonly name: FnName;
  readonly args: readonly Expr[];
}

export type Leaf = Num | Sym;
export type Internal = Exclude<Expr, Leaf>;

export function isLeaf(e: Expr): e is Leaf {
  return e.type === 'num' || e.type === 'sym';
}

/** Children of a node (empty for leaves). */
export function children(e: Expr): readonly Expr[] {
  return isLeaf(e) ? [] : e.args;
}

// Constructors. They do no simplification: see `simplify.ts` for that.
export const num = (value: number): Num => ({ type: 'num', value });
export const sym = (name: SymName): Sym => ({ type: 'sym', name });
export const X: Sym = sym('x');
export const add = (...args: Expr[]): Expr => (args.length === 1 ? args[0] : { type: 'add', args });
export const mul = (...args: Expr[]): Expr => (args.length === 1 ? args[0] : { type: 'mul', args });
export const div = (a: Expr, b: Expr): Div => ({ type: 'div', args: [a, b] });
export const pow = (a: Expr, b: Expr): Pow => ({ type: 'pow', args: [a, b] });
export const neg = (a: Expr): Neg => ({ type: 'neg', args: [a] });
export const fn = (name: FnName, ...args: Expr[]): Fn => ({ type: 'fn', name, args });
export const sub = (a: Expr, b: Expr): Expr => add(a, neg(b));

/** Rebuild a node of the same kind with new children. */
export function withArgs(e: Expr, args: readonly Expr[]): Expr {
  switch (e.type) {
    case 'num':
    case 'sym':
      return e;
    case 'add':
      return args.length === 1 ? args[0] : { type: 'add', args };
    case 'mul':
      return args.length === 1 ? args[0] : { type: 'mul', args };
    case 'div':
    case 'pow':
      return { type: e.type, args: [args[0], args[1]] };
    case 'neg':
      return { type: 'neg', args: [args[0]] };
    case 'fn':
      return { type: 'fn', name: e.name, args };
  }
}

/** Structural equality. */
export function equals(a: Expr, b: Expr): boolean {
  if (a === b) return true;
  if (a.type !== b.type) return false;
  if (a.type === 'num') return Object.is(a.value, (b as Num).value) || a.value === (b as Num).value;
  if (a.type === 'sym') return a.name === (b as Sym).name;
  if (a.type === 'fn' && a.name !== (b as Fn).name) return false;
  const ca = (a as Internal).args;
  const cb = (b as Internal).args;
  if (ca.length !== cb.length) return false;
  for (let i = 0; i < ca.length; i++) if (!equals(ca[i], cb[i])) return false;
  return true;
}

/** Does the tree contain the variable x? */
export function hasX(e: Expr): boolean {
  if (e.type === 'sym') return e.name === 'x';
  if (e.type === 'num') return false;
  for (const c of e.args) if (hasX(c)) return true;
  return false;
}
