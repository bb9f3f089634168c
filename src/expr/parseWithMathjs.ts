import { create, parseDependencies, type ConstantNode, type FunctionNode, type MathNode, type OperatorNode, type ParenthesisNode, type SymbolNode } from 'mathjs';
import { exactRatio } from './exactRatio.js';
import { findUnsupportedCall } from './findUnsupportedCall.js';
import { fnInfo, lookupFunction, type FnName } from './functions.js';
import { INFIX_NAMES } from './infixNames.js';
import { isUnsupportedFunction } from './isUnsupportedFunction.js';
import { resolveLimits, type Limits } from './limits.js';
import { literalExcerpt } from './literalExcerpt.js';
import { MAX_BINOMIAL_K, ParseError, type OwnRefusal } from './parse.js';
import { tooSmallForDouble } from './tooSmallForDouble.js';
import type { Expr } from './types.js';
import { clip } from '../util/clip.js';

// Only the parser: no function of this instance is ever evaluated or compiled.
const math = create({ parseDependencies });

const { symbols: SYMBOLS, refusals: KNOWN_REFUSALS, imaginaryUnit: IMAGINARY_UNIT, logBases: LOG_WITH_BASE } = INFIX_NAMES;

/** An integer literal beyond the literal limits, kept exactly; it stands in the text as a placeholder name. */
interface ExactLiteral {
  readonly value: bigint;
  readonly text: string;
  readonly position: number;
}

const PLACEHOLDER = '__sagga_exact_';

/** The text mathjs reads, where each of its characters came from, and the exact literals it names. */
interface Normalised {
  readonly text: string;
  readonly origin: readonly number[];
  readonly exact: ReadonlyMap<string, ExactLiteral>;
}

// Spaces that editors and models emit besides the ASCII ones, as the hand-written reader takes them.
function isSpace(c: string): boolean {
  return (
    c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\u00a0' || (c >= '\u2000' && c <= '\u200a') || c === '\u202f' || c === '\u205f' || c === '\u3000'
  );
}

const OPERATOR_SPELLINGS: Record<string, string> = {
  '\u2212': '-',
  '\u2217': '*',
  '\u00d7': '*',
  '\u00b7': '*',
  '\u22c5': '*',
  '\u00f7': '/',
  '\u2215': '/',
};

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isIdentStart = (c: string | undefined): boolean => c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_');

/**
 * Rewrite the spellings sagga accepts and mathjs reads otherwise (SymPy's `**`, Unicode operators and
 * spaces, `2e-x` as 2·e − x) and check every number literal against the limits, which mathjs would
 * round silently (1e400 → Infinity, 41 digits → a double). It also bounds the recursion mathjs's
 * recursive-descent parser needs: parentheses, and runs of unary signs and `^` (each a frame of
 * mathjs and a level of sagga's tree), so that no text can overflow the stack.
 */
function normalise(input: string, lim: Limits): Normalised {
  let out = '';
  const origin: number[] = [];
  const exact = new Map<string, ExactLiteral>();
  const emit = (s: string, at: number): void => {
    out += s;
    for (let k = 0; k < s.length; k++) origin.push(at);
  };
  // Recursion depth that the current position needs, and its value at each open parenthesis.
  let run = 0;
  const runAtOpen: number[] = [];
  let base = 0;
  // Whether the last non-space character ends an operand (so a following sign is binary).
  let afterOperand = false;
  let lastWasNumber = false;
  const deeper = (at: number): void => {
    if (++run > lim.maxDepth) throw new ParseError(`expression nests deeper than ${lim.maxDepth} levels`, at, input, 'limit');
  };
  let i = 0;
  const n = input.length;
  while (i < n) {
    const c = input[i];
    if (isSpace(c)) {
      emit(' ', i);
      i++;
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(input[i + 1]))) {
      if (lastWasNumber) throw new ParseError('two numbers in a row', i, input);
      const start = i;
      while (i < n && isDigit(input[i])) i++;
      if (i < n && input[i] === '.') {
        i++;
        while (i < n && isDigit(input[i])) i++;
      }
      if (i < n && (input[i] === 'e' || input[i] === 'E')) {
        let j = i + 1;
        if (j < n && (input[j] === '+' || input[j] === '-')) j++;
        if (j < n && isDigit(input[j])) {
          while (j < n && isDigit(input[j])) j++;
          i = j;
        }
      }
      const text = input.slice(start, i);
      emit(literal(text, start, input, lim, exact), start);
      // A letter right after a literal is a factor (2x, 2e-x, 0x10 as 0·x10), never part of it.
      if (isIdentStart(input[i]) || input[i] === 'π') emit(' ', i);
      afterOperand = true;
      lastWasNumber = true;
      continue;
    }
    lastWasNumber = false;
    if (isIdentStart(c)) {
      const start = i;
      while (i < n && (isIdentStart(input[i]) || isDigit(input[i]))) i++;
      emit(input.slice(start, i), start);
      afterOperand = true;
      continue;
    }
    if (c === '#') throw new ParseError("character '#' is not allowed", i, input);
    let op = OPERATOR_SPELLINGS[c] ?? c;
    let width = 1;
    if (c === '*' && input[i + 1] === '*') {
      op = '^';
      width = 2;
    }
    if (op === '(') {
      runAtOpen.push(base);
      deeper(i);
      base = run;
      afterOperand = false;
    } else if (op === ')' || op === ',') {
      if (op === ')') {
        run = base;
        base = runAtOpen.pop() ?? 0;
      } else run = base;
      afterOperand = op === ')';
    } else if (op === '^') {
      deeper(i);
      afterOperand = false;
    } else if (op === '+' || op === '-') {
      if (afterOperand) run = base;
      else deeper(i);
      afterOperand = false;
    } else if (op === '*' || op === '/') {
      run = base;
      afterOperand = false;
    } else afterOperand = true;
    emit(op, i);
    i += width;
  }
  return { text: out, origin, exact };
}

/** A number literal checked against the limits, as mathjs should read it (a placeholder for an exact one). */
function literal(text: string, at: number, input: string, lim: Limits, exact: Map<string, ExactLiteral>): string {
  const mantissaDigits = text.replace(/[eE][+-]?\d+$/, '').replace('.', '').length;
  const exactInteger = mantissaDigits <= lim.maxExactIntegerDigits && /^\d+$/.test(text);
  const keepExact = (): string => {
    const name = `${PLACEHOLDER}${exact.size}`;
    exact.set(name, { value: BigInt(text), text, position: at });
    return name;
  };
  if (mantissaDigits > lim.maxLiteralDigits) {
    if (exactInteger) return keepExact();
    throw new ParseError(`number with more than ${lim.maxLiteralDigits} digits`, at, input, 'limit');
  }
  const value = Number(text);
  if (!Number.isFinite(value) || Math.abs(value) > lim.maxAbsLiteral) {
    if (exactInteger) return keepExact();
    throw new ParseError(`number ${literalExcerpt(text)} exceeds the limit of ${lim.maxAbsLiteral}`, at, input, 'limit');
  }
  if (tooSmallForDouble(value, text.replace(/[eE][+-]?\d+$/, ''))) {
    throw new ParseError(`number ${literalExcerpt(text)} is too small to represent`, at, input, 'limit');
  }
  return text;
}

/** What mathjs syntax each refused node type is, for the message. */
const REFUSED_NODE: Record<string, string> = {
  AssignmentNode: "'=' (assignment or equation) is not allowed; give just the expression",
  FunctionAssignmentNode: "'=' (function definition) is not allowed; give just the expression",
  AccessorNode: 'property access and indexing are not allowed',
  IndexNode: 'property access and indexing are not allowed',
  ArrayNode: 'matrices are not allowed',
  ObjectNode: 'objects are not allowed',
  RangeNode: 'ranges are not allowed',
  ConditionalNode: 'conditionals are not allowed',
  BlockNode: "';' (several statements) is not allowed",
  RelationalNode: 'comparisons are not allowed',
};

/** The operators of sagga's tree, by mathjs's function name. */
const ALLOWED_OPERATORS = new Set(['add', 'subtract', 'multiply', 'divide', 'pow', 'unaryMinus', 'unaryPlus']);

interface Factor {
  readonly node: MathNode;
  readonly divides: boolean;
}

/** Builds sagga's tree from mathjs's, node type by node type; anything not whitelisted is refused. */
class Walker {
  private readonly exactLeaves = new Map<Expr, ExactLiteral>();

  constructor(
    private readonly input: string,
    private readonly lim: Limits,
    private readonly exact: ReadonlyMap<string, ExactLiteral>,
  ) {}

  private error(message: string, name?: string, refusal?: OwnRefusal): ParseError {
    const at = name === undefined ? 0 : Math.max(0, this.input.indexOf(name));
    return new ParseError(message, at, this.input, refusal);
  }

  tree(node: MathNode): Expr {
    const e = this.expr(node);
    for (const left of this.exactLeaves.values()) {
      throw new ParseError(`number ${literalExcerpt(left.text)} exceeds the limit of ${this.lim.maxAbsLiteral}`, left.position, this.input, 'limit');
    }
    return e;
  }

  private expr(node: MathNode): Expr {
    switch (node.type) {
      case 'ConstantNode':
        return this.constant(node as ConstantNode);
      case 'SymbolNode':
        return this.symbol((node as SymbolNode).name);
      case 'ParenthesisNode':
        return this.expr((node as ParenthesisNode).content);
      case 'FunctionNode':
        return this.call(node as FunctionNode);
      case 'OperatorNode':
        return this.operator(node as OperatorNode);
      default:
        throw this.error(REFUSED_NODE[node.type] ?? `${node.type} is not allowed`);
    }
  }

  private constant(node: ConstantNode): Expr {
    const v: unknown = node.value;
    if (typeof v === 'number' && Number.isFinite(v)) return { type: 'num', value: v };
    if (typeof v === 'string') throw this.error('strings are not allowed');
    throw this.error(`'${clip(String(v), 30)}' is not a value`);
  }

  private symbol(name: string): Expr {
    if (Object.hasOwn(SYMBOLS, name)) return { type: 'sym', name: SYMBOLS[name] };
    const big = this.exact.get(name);
    if (big !== undefined) {
      const leaf: Expr = { type: 'num', value: Number.NaN };
      this.exactLeaves.set(leaf, big);
      return leaf;
    }
    this.refuseName(name);
    if (lookupFunction(name) !== undefined || Object.hasOwn(LOG_WITH_BASE, name)) {
      throw this.error(`function '${name}' needs parentheses around its argument`, name);
    }
    throw this.error(`unknown name '${clip(name, 30)}' (the only variable is x; constants are pi and e)`, name);
  }

  private refuseName(name: string): void {
    if (Object.hasOwn(KNOWN_REFUSALS, name)) {
      throw this.error(KNOWN_REFUSALS[name], name, KNOWN_REFUSALS[name] === IMAGINARY_UNIT ? 'unsupported' : undefined);
    }
  }

  private operator(node: OperatorNode): Expr {
    if (!ALLOWED_OPERATORS.has(node.fn)) throw this.error(`operator '${clip(node.op, 10)}' is not allowed`);
    const args = node.args as MathNode[];
    switch (node.fn) {
      case 'unaryPlus':
        return this.expr(args[0]);
      case 'unaryMinus':
        return { type: 'neg', args: [this.expr(args[0])] };
      case 'pow': {
        const applied = this.symbolApplied(node);
        if (applied !== undefined) return { type: 'mul', args: applied };
        return { type: 'pow', args: [this.expr(args[0]), this.expr(args[1])] };
      }
      case 'add':
      case 'subtract':
        return this.sum(node);
      default:
        return this.product(node);
    }
  }

  /** a + b - c as one n-ary sum add(a, b, neg(c)), walking the left spine without recursion. */
  private sum(node: OperatorNode): Expr {
    const rights: { node: MathNode; negate: boolean }[] = [];
    let left: MathNode = node;
    while (isBinary(left, 'add', 'subtract')) {
      const op = left as OperatorNode;
      rights.push({ node: op.args[1], negate: op.fn === 'subtract' });
      left = op.args[0];
    }
    const terms: Expr[] = [this.expr(left)];
    for (let k = rights.length - 1; k >= 0; k--) {
      const t = this.expr(rights[k].node);
      terms.push(rights[k].negate ? { type: 'neg', args: [t] } : t);
    }
    return { type: 'add', args: terms };
  }

  /** a*b/c*d as the hand-written reader builds it: mul(div(mul(a, b), c), d), with exact literals folded. */
  private product(node: OperatorNode): Expr {
    const chain = productChain(node);
    const factors: { expr: Expr; divides: boolean }[] = [];
    for (const f of chain) {
      const implicitPair = this.symbolApplied(f.node);
      if (implicitPair !== undefined) {
        factors.push({ expr: implicitPair[0], divides: f.divides }, { expr: implicitPair[1], divides: false });
      } else factors.push({ expr: this.expr(f.node), divides: f.divides });
    }
    const folded = this.exactLeaves.size > 0 ? this.foldExact(factors) : factors;
    let acc: Expr[] = [folded[0].expr];
    for (const f of folded.slice(1)) {
      if (!f.divides) acc.push(f.expr);
      else {
        const lhs: Expr = acc.length === 1 ? acc[0] : { type: 'mul', args: acc };
        acc = [{ type: 'div', args: [lhs, f.expr] }];
      }
    }
    return acc.length === 1 ? acc[0] : { type: 'mul', args: acc };
  }

  /**
   * x(x+1), which mathjs reads as a call of x: the implicit product of x and (x+1). mathjs reads
   * x(x+1)^2 as that call raised to 2; sagga's reading is x·(x+1)^2.
   */
  private symbolApplied(node: MathNode): [Expr, Expr] | undefined {
    if (isBinary(node, 'pow', 'pow')) {
      const [base, exponent] = (node as OperatorNode).args;
      const applied = this.symbolApplied(base);
      return applied === undefined ? undefined : [applied[0], { type: 'pow', args: [applied[1], this.expr(exponent)] }];
    }
    if (node.type !== 'FunctionNode') return undefined;
    const call = node as FunctionNode;
    if (call.fn.type !== 'SymbolNode' || !Object.hasOwn(SYMBOLS, call.fn.name)) return undefined;
    if (call.args.length !== 1) throw this.error("expected ')' but found ','", call.fn.name);
    return [{ type: 'sym', name: SYMBOLS[call.fn.name] }, this.expr(call.args[0])];
  }

  private exactValue(e: Expr): { value: bigint; leaf: Expr; literal: ExactLiteral } | undefined {
    let sign = 1n;
    let leaf = e;
    while (leaf.type === 'neg') {
      sign = -sign;
      leaf = leaf.args[0];
    }
    const found = this.exactLeaves.get(leaf);
    return found === undefined ? undefined : { value: sign * found.value, leaf, literal: found };
  }

  private foldExact(factors: { expr: Expr; divides: boolean }[]): { expr: Expr; divides: boolean }[] {
    if (factors.length === 1) return factors;
    let numerator = 1n;
    let denominator = 1n;
    let first: ExactLiteral | undefined;
    const rest: { expr: Expr; divides: boolean }[] = [];
    for (const f of factors) {
      const exact = this.exactValue(f.expr);
      if (exact === undefined) {
        rest.push(f);
        continue;
      }
      first ??= exact.literal;
      this.exactLeaves.delete(exact.leaf);
      if (f.divides) denominator *= exact.value;
      else numerator *= exact.value;
    }
    if (first === undefined) return factors;
    return [{ expr: this.coefficient(numerator, denominator, first), divides: false }, ...rest];
  }

  private coefficient(p: bigint, q: bigint, at: ExactLiteral): Expr {
    if (q === 0n) throw new ParseError('division by zero', at.position, this.input);
    const value = exactRatio(p < 0n ? -p : p, q < 0n ? -q : q);
    if (!Number.isFinite(value) || value > this.lim.maxAbsLiteral || tooSmallForDouble(value, '1')) {
      const why = value < 1 ? 'too small to represent' : `beyond the limit of ${this.lim.maxAbsLiteral}`;
      throw new ParseError(`the exact number ${literalExcerpt(at.text)} … in this product is ${why}`, at.position, this.input, 'limit');
    }
    const magnitude: Expr = { type: 'num', value };
    return (p < 0n) !== (q < 0n) ? { type: 'neg', args: [magnitude] } : magnitude;
  }

  private call(node: FunctionNode): Expr {
    if (node.fn.type !== 'SymbolNode') throw this.error('only named functions can be called');
    const name = (node.fn as SymbolNode).name;
    const pair = this.symbolApplied(node);
    if (pair !== undefined) return { type: 'mul', args: pair };
    const fname = lookupFunction(name);
    if (fname !== undefined) return this.whitelisted(name, fname, node.args);
    if (Object.hasOwn(LOG_WITH_BASE, name)) return this.whitelisted(name, 'log', node.args, LOG_WITH_BASE[name]);
    if (name === 'Rational') return this.rational(node.args);
    if (name === 'binomial') return this.binomial(node.args);
    this.refuseName(name);
    if (isUnsupportedFunction(name)) throw this.error(`sagga does not support the function '${clip(name, 30)}'`, name, 'unsupported');
    throw this.error(`unknown function '${clip(name, 30)}'`, name);
  }

  private whitelisted(spelling: string, name: FnName, argNodes: readonly MathNode[], base?: number): Expr {
    const args = argNodes.map((a) => this.expr(a));
    if (base !== undefined) {
      if (args.length !== 1) throw this.error(`${spelling} takes 1 argument, got ${args.length}`, spelling);
      args.push({ type: 'num', value: base });
    }
    if (name === 'log' && args.length === 2) {
      return { type: 'div', args: [{ type: 'fn', name: 'log', args: [args[0]] }, { type: 'fn', name: 'log', args: [args[1]] }] };
    }
    const arity: readonly number[] = name === 'log' ? [1, 2] : fnInfo(name).arity;
    if (args.length === 0) throw this.error(`${spelling}() needs an argument`, spelling);
    if (!arity.includes(args.length)) {
      throw this.error(`${spelling} takes ${arity.join(' or ')} argument${arity.length === 1 && arity[0] === 1 ? '' : 's'}, got ${args.length}`, spelling);
    }
    return { type: 'fn', name, args };
  }

  private rational(argNodes: readonly MathNode[]): Expr {
    const args = argNodes.map((a) => this.expr(a));
    const usage = 'Rational(p, q) takes two integer literals, e.g. Rational(1, 3)';
    const exact = args.map((a) => this.exactValue(a));
    if (args.length === 2 && exact.some((e) => e !== undefined)) {
      const [p, q] = args.map((a, k) => exact[k]?.value ?? (integerLiteral(a) !== undefined ? BigInt(integerLiteral(a)!) : undefined));
      if (p === undefined || q === undefined) throw this.error(usage, 'Rational');
      for (const e of exact) if (e !== undefined) this.exactLeaves.delete(e.leaf);
      return this.coefficient(p, q, exact.find((e) => e !== undefined)!.literal);
    }
    const ints = args.map(integerLiteral);
    if (args.length !== 2 || ints[0] === undefined || ints[1] === undefined) throw this.error(usage, 'Rational');
    if (ints[1] === 0) throw this.error('Rational(p, 0): division by zero', 'Rational');
    return { type: 'div', args: [args[0], args[1]] };
  }

  private binomial(argNodes: readonly MathNode[]): Expr {
    const args = argNodes.map((a) => this.expr(a));
    const k = args.length === 2 ? integerLiteral(args[1]) : undefined;
    if (k === undefined || k < 0 || k > MAX_BINOMIAL_K) {
      throw this.error(`binomial(x, k) is read only for an integer literal k from 0 to ${MAX_BINOMIAL_K} (as the polynomial x(x-1)…(x-k+1)/k!)`, 'binomial', 'unsupported');
    }
    if (k === 0) return { type: 'num', value: 1 };
    const factors: Expr[] = [args[0]];
    for (let j = 1; j < k; j++) {
      const shifted: Expr = { type: 'add', args: [copy(args[0]), { type: 'neg', args: [{ type: 'num', value: j }] }] };
      factors.push({ type: 'div', args: [shifted, { type: 'num', value: j + 1 }] });
    }
    return factors.length === 1 ? factors[0] : { type: 'mul', args: factors };
  }
}

/**
 * The factors of a product as sagga reads it: every * and / (written or implied) binds alike, left to
 * right. mathjs lets an implied product bind tighter after '/' (x/2x is x/(2x) there); such a right
 * operand is spliced into the chain, its first factor taking the operator before it.
 */
function productChain(node: MathNode): Factor[] {
  const chain: Factor[] = [];
  const pending: Factor[] = [{ node, divides: false }];
  while (pending.length > 0) {
    const f = pending.pop()!;
    if (isBinary(f.node, 'multiply', 'divide')) {
      const op = f.node as OperatorNode;
      pending.push({ node: op.args[1], divides: op.fn === 'divide' }, { node: op.args[0], divides: f.divides });
    } else chain.push(f);
  }
  return chain;
}

function isBinary(node: MathNode, a: string, b: string): boolean {
  if (node.type !== 'OperatorNode') return false;
  const op = node as OperatorNode;
  return (op.fn === a || op.fn === b) && op.args.length === 2;
}

function integerLiteral(e: Expr): number | undefined {
  if (e.type === 'num') return Number.isSafeInteger(e.value) ? e.value : undefined;
  if (e.type === 'neg' && e.args[0].type === 'num') {
    const v = integerLiteral(e.args[0]);
    return v === undefined ? undefined : -v;
  }
  return undefined;
}

function copy(e: Expr): Expr {
  if (e.type === 'num' || e.type === 'sym') return { ...e };
  return { ...e, args: e.args.map(copy) } as Expr;
}

/** Nodes and depth of a tree, counted without recursion. */
function size(e: Expr): { nodes: number; depth: number } {
  let nodes = 0;
  let depth = 0;
  const stack: [Expr, number][] = [[e, 1]];
  while (stack.length > 0) {
    const [node, d] = stack.pop()!;
    nodes++;
    if (d > depth) depth = d;
    if (node.type !== 'num' && node.type !== 'sym') for (const c of node.args) stack.push([c, d + 1]);
  }
  return { nodes, depth };
}

/**
 * Parse mathjs or SymPy infix into sagga's whitelisted tree through mathjs's own parser (`parse` only:
 * nothing is evaluated or compiled). The text is bounded in length, nesting and literals before
 * mathjs sees it; mathjs's nodes are then taken by type: numbers, x and the constants, + - * / ^,
 * the whitelisted functions and parentheses. Anything else (assignments, accessors, matrices,
 * objects, ranges, strings, other operators, unknown names) is refused with a `ParseError`, with the
 * same `refusal` as `parseExpr` for sagga's own reasons.
 */
export function parseWithMathjs(text: string, limits?: Partial<Limits>): Expr {
  const lim = resolveLimits(limits);
  if (typeof text !== 'string') throw new ParseError('expression must be a string', 0, '');
  if (text.length > lim.maxChars) {
    throw new ParseError(`expression is longer than ${lim.maxChars} characters (${text.length})`, lim.maxChars, text.slice(0, lim.maxChars + 30), 'limit');
  }
  try {
    const normalised = normalise(text, lim);
    if (normalised.text.trim() === '') throw new ParseError('empty expression', text.length, text);
    let node: MathNode;
    try {
      node = math.parse(normalised.text);
    } catch (err) {
      if (err instanceof RangeError) throw new ParseError(`expression nests deeper than ${lim.maxDepth} levels`, 0, text, 'limit');
      const at = (err as { char?: unknown }).char;
      const position = typeof at === 'number' ? (normalised.origin[at] ?? text.length) : 0;
      throw new ParseError(err instanceof Error ? err.message.replace(/ \(char \d+\)$/, '') : String(err), position, text);
    }
    const expr = new Walker(text, lim, normalised.exact).tree(node);
    const { nodes, depth } = size(expr);
    if (nodes > lim.maxNodes) throw new ParseError(`expression has more than ${lim.maxNodes} nodes`, 0, text, 'limit');
    if (depth > lim.maxDepth) throw new ParseError(`expression nests deeper than ${lim.maxDepth} levels`, 0, text, 'limit');
    return expr;
  } catch (err) {
    if (err instanceof ParseError && err.refusal === undefined) {
      const call = findUnsupportedCall(text);
      if (call !== undefined) throw new ParseError(`sagga does not support the function '${clip(call.name, 30)}'`, call.position, text, 'unsupported');
    }
    throw err;
  }
}
