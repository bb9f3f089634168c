import { clip } from '../util/clip.js';
import { MAX_ZETA_ORDER, zetaConstant } from './constants.js';
import { fnInfo, lookupFunction, type FnName } from './functions.js';
import { INFIX_NAMES } from './infixNames.js';
import { isUnsupportedFunction } from './isUnsupportedFunction.js';
import { resolveLimits, type Limits } from './limits.js';
import { literalExcerpt } from './literalExcerpt.js';
import { ParseError, type OwnRefusal, type ParseResult } from './parseError.js';
import { readBounded, tryReadBounded } from './readBounded.js';
import { readLiteral } from './readLiteral.js';
import type { ReadOptions } from './readOptions.js';
import { TreeBuilder } from './treeBuilder.js';
import { isOdeUnknown, ODE_UNKNOWNS, unknownOrder, type OdeUnknown } from './odeUnknowns.js';
import { isParameterName, type ParameterName } from './parameters.js';
import type { Expr } from './types.js';

type TokenKind = 'num' | 'ident' | 'op' | 'lparen' | 'rparen' | 'comma' | 'end';

interface Token {
  readonly kind: TokenKind;
  readonly text: string;
  readonly pos: number;
  readonly value?: number;
  /** An integer literal beyond the literal limits, kept exactly (see `Limits.maxExactIntegerDigits`). */
  readonly big?: bigint;
}

const { symbols: SYMBOLS, infinity: INFINITY, refusals: KNOWN_REFUSALS, imaginaryUnit: IMAGINARY_UNIT, logBases: LOG_WITH_BASE } = INFIX_NAMES;

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

function isIdentStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}

function isIdentPart(c: string): boolean {
  return isIdentStart(c) || isDigit(c);
}

// Spaces that editors and models emit besides the ASCII ones (no-break, thin, ideographic …).
// Zero-width and direction-changing characters are not among them: those are refused.
function isSpace(c: string): boolean {
  return (
    c === ' ' ||
    c === '\t' ||
    c === '\n' ||
    c === '\r' ||
    c === '\u00a0' ||
    (c >= '\u2000' && c <= '\u200a') ||
    c === '\u202f' ||
    c === '\u205f' ||
    c === '\u3000'
  );
}

/** Primes after the ODE's y: the ASCII apostrophe, and the prime and double prime of Unicode. */
function primesAt(input: string, i: number): { count: number; end: number } {
  let count = 0;
  let j = i;
  for (; j < input.length; j++) {
    const c = input[j];
    if (c === "'" || c === '\u2032') count++;
    else if (c === '\u2033') count += 2;
    else break;
  }
  return { count, end: j };
}

function tokenize(input: string, limits: Limits, options: ReadOptions): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = input.length;
  while (i < n) {
    const c = input[i];
    if (isSpace(c)) {
      i++;
      continue;
    }
    const start = i;
    if (isDigit(c) || (c === '.' && i + 1 < n && isDigit(input[i + 1]))) {
      const t = numberToken(input, start, limits);
      tokens.push(t);
      i = start + t.text.length;
      continue;
    }
    if (c === 'π' || c === '∞') {
      tokens.push({ kind: 'ident', text: c, pos: start });
      i++;
      continue;
    }
    if (isIdentStart(c)) {
      while (i < n && isIdentPart(input[i])) i++;
      const text = input.slice(start, i);
      if (options.odeUnknown === true && text === 'y') {
        const primes = primesAt(input, i);
        if (primes.count > 2) throw new ParseError("sagga reads differential equations of order 1 and 2 (y, y' and y'')", start, input, 'unsupported');
        i = primes.end;
        tokens.push({ kind: 'ident', text: `y${"'".repeat(primes.count)}`, pos: start });
        continue;
      }
      tokens.push({ kind: 'ident', text, pos: start });
      continue;
    }
    if (c === '*' && input[i + 1] === '*') {
      tokens.push({ kind: 'op', text: '^', pos: start });
      i += 2;
      continue;
    }
    // Maxima quotes a derivative to keep it unevaluated: 'diff(y, x, 2).
    if (c === "'" && options.odeUnknown === true && input.startsWith('diff', i + 1)) {
      i++;
      continue;
    }
    const t = symbolToken(c, start);
    if (t === undefined) throw new ParseError(describeBadChar(String.fromCodePoint(input.codePointAt(i) ?? 0)), start, input);
    tokens.push(t);
    i++;
  }
  tokens.push({ kind: 'end', text: '', pos: n });
  return tokens;
}

/**
 * The number literal at `start`, checked against the limits (readLiteral). An exponent is read only
 * when digits follow, so that `2e` and `2e-x` still mean 2·e. An integer beyond the limits may still
 * be a factor of an exact rational (p*x/q): it is kept exactly, to be folded by the parser or
 * refused there.
 */
function numberToken(input: string, start: number, limits: Limits): Token {
  const n = input.length;
  let i = start;
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
  const literal = readLiteral(text, start, input, limits);
  return literal.exact !== undefined ? { kind: 'num', text, pos: start, big: literal.exact } : { kind: 'num', text, pos: start, value: literal.value };
}

/** The token of a one-character operator or delimiter (Unicode spellings included), or undefined. */
function symbolToken(c: string, pos: number): Token | undefined {
  switch (c) {
    case '+':
    case '-':
    case '*':
    case '/':
    case '^':
      return { kind: 'op', text: c, pos };
    case '\u2212': // minus sign
      return { kind: 'op', text: '-', pos };
    case '\u2217': // asterisk operator
    case '\u00d7': // multiplication sign
    case '\u00b7': // middle dot
    case '\u22c5': // dot operator
      return { kind: 'op', text: '*', pos };
    case '\u00f7': // division sign
    case '\u2215': // division slash
      return { kind: 'op', text: '/', pos };
    case '(':
      return { kind: 'lparen', text: c, pos };
    case ')':
      return { kind: 'rparen', text: c, pos };
    case ',':
      return { kind: 'comma', text: c, pos };
    default:
      return undefined;
  }
}

function describeBadChar(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code === 0) return 'NUL byte in expression';
  if (code < 0x20 || code === 0x7f) return `control character ${hex} in expression`;
  if ((code >= 0x200b && code <= 0x200f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) || code === 0xfeff) {
    return `invisible or bidirectional character ${hex} in expression`;
  }
  if (code === 0xb2 || code === 0xb3 || code === 0xb9 || (code >= 0x2070 && code <= 0x207f))
    return `superscript ${JSON.stringify(c)} is not allowed; write powers with ^ (x^2)`;
  if (c === '\u221a') return "'\u221a' is not allowed; write sqrt(…)";
  if (c === '\u222b') return 'unevaluated integral';
  if (c === '=') return "'=' (assignment or equation) is not allowed; give just the expression";
  if (c === '[' || c === ']') return 'matrices and indexing are not allowed';
  if (c === '"' || c === "'" || c === '`') return 'strings are not allowed';
  if (c === '{' || c === '}') return 'braces are not allowed (LaTeX answers go through the LaTeX reader)';
  if (c === '\\') return 'backslash commands are not allowed here (LaTeX answers go through the LaTeX reader)';
  if (c === '|') return "'|' is not allowed; write abs(…)";
  if (c === '!') return 'factorials are not supported';
  if (c === ';') return "';' (several statements) is not allowed";
  if (c === '.') return "'.' (property access) is not allowed";
  if (code > 0x7e) return `character ${JSON.stringify(c)} (${hex}) is not allowed`;
  return `character ${JSON.stringify(c)} is not allowed`;
}

class Parser {
  private i = 0;
  /** Grammar recursion, which only parentheses and calls cause; bounded so the stack cannot overflow. */
  private nesting = 0;
  private readonly limits: Limits;
  /**
   * Integer literals beyond the literal limits, by the placeholder leaf that stands for each in the
   * tree until the product it belongs to folds it (see `foldExact`); any left at the end is refused.
   */
  private readonly exact = new Map<Expr, { readonly value: bigint; readonly token: Token }>();

  constructor(
    private readonly tokens: Token[],
    /** Where the nodes are made, counted and bounded (shared with the LaTeX reader). */
    private readonly b: TreeBuilder,
  ) {
    this.limits = b.limits;
  }

  parse(): Expr {
    if (this.peek().kind === 'end') throw this.error('empty expression', this.peek());
    const e = this.sum();
    const t = this.peek();
    if (t.kind !== 'end') {
      throw this.error(t.kind === 'rparen' ? "unmatched ')'" : `unexpected ${describe(t)}`, t);
    }
    // An exact integer that no product took up (x + p, p^2, sin(p)) is a literal beyond the limits.
    for (const { token } of this.exact.values()) throw this.beyondLimits(token.text, token);
    return this.b.finish(e);
  }

  private beyondLimits(text: string, at: Token): ParseError {
    return this.error(`number ${literalExcerpt(text)} exceeds the limit of ${this.limits.maxAbsLiteral}`, at, 'limit');
  }

  private peek(): Token {
    return this.tokens[this.i];
  }

  private take(): Token {
    return this.tokens[this.i++];
  }

  private error(message: string, t: Token, refusal?: OwnRefusal): ParseError {
    return this.b.error(message, t.pos, refusal);
  }

  /** Register a freshly built node: the node and depth limits are enforced at the token that made it. */
  private count<E extends Expr>(e: E, at: Token): E {
    return this.b.add(e, at.pos);
  }

  private enter(at: Token): void {
    if (++this.nesting > this.limits.maxDepth) {
      throw this.error(`expression nests deeper than ${this.limits.maxDepth} levels`, at, 'limit');
    }
  }

  private leave(): void {
    this.nesting--;
  }

  private sum(): Expr {
    const start = this.peek();
    const terms: Expr[] = [this.product()];
    for (;;) {
      const t = this.peek();
      if (t.kind === 'op' && (t.text === '+' || t.text === '-')) {
        this.take();
        const rhs = this.product();
        terms.push(t.text === '-' ? this.count({ type: 'neg', args: [rhs] }, t) : rhs);
      } else break;
    }
    return terms.length === 1 ? terms[0] : this.count({ type: 'add', args: terms }, start);
  }

  private product(): Expr {
    const start = this.peek();
    let factors: ProductFactor[] = [{ expr: this.unary(), divides: false, at: start }];
    for (;;) {
      const t = this.peek();
      if (t.kind === 'op' && (t.text === '*' || t.text === '/')) {
        this.take();
        factors.push({ expr: this.unary(), divides: t.text === '/', at: t });
      } else if (this.startsImplicitFactor(t)) {
        // Implicit multiplication binds like '*': 2x, 3(x+1), (x+1)(x-1), x sin(x).
        const prev = this.tokens[this.i - 1];
        if (prev.kind === 'num' && t.kind === 'num') throw this.error('two numbers in a row', t);
        factors.push({ expr: this.power(), divides: false, at: t });
      } else break;
    }
    if (this.exact.size > 0) factors = this.foldExact(factors);
    let acc: Expr[] = [factors[0].expr];
    for (const f of factors.slice(1)) {
      if (!f.divides) acc.push(f.expr);
      else {
        // a*b/c is (a*b)/c, as in mathjs and SymPy.
        const lhs: Expr = acc.length === 1 ? acc[0] : this.count({ type: 'mul', args: acc }, start);
        acc = [this.count({ type: 'div', args: [lhs, f.expr] }, f.at)];
      }
    }
    return acc.length === 1 ? acc[0] : this.count({ type: 'mul', args: acc }, start);
  }

  /**
   * The exact integer a factor stands for (a placeholder, possibly negated: `-p`), or undefined.
   * A computer algebra system writes an exact rational as p*x/q or Rational(p, q); a double cannot
   * hold p or q, but usually holds p/q.
   */
  private exactValue(e: Expr): { readonly value: bigint; readonly leaf: Expr; readonly token: Token } | undefined {
    let sign = 1n;
    let leaf = e;
    while (leaf.type === 'neg') {
      sign = -sign;
      leaf = leaf.args[0];
    }
    const found = this.exact.get(leaf);
    return found === undefined ? undefined : { value: sign * found.value, leaf, token: found.token };
  }

  /**
   * Multiply out the exact integers among a product's factors (dividing by those after '/') into one
   * coefficient, put first; refused, as a literal beyond the limits, when the coefficient is.
   */
  private foldExact(factors: ProductFactor[]): ProductFactor[] {
    // A lone exact integer (`(q)`, a call's argument) is left for the enclosing product or
    // Rational(p, q) to fold.
    if (factors.length === 1) return factors;
    let numerator = 1n;
    let denominator = 1n;
    let first: Token | undefined;
    const rest: ProductFactor[] = [];
    for (const f of factors) {
      const exact = this.exactValue(f.expr);
      if (exact === undefined) {
        rest.push(f);
        continue;
      }
      first ??= exact.token;
      this.exact.delete(exact.leaf);
      if (f.divides) denominator *= exact.value;
      else numerator *= exact.value;
    }
    if (first === undefined) return factors;
    return [{ expr: this.coefficient(numerator, denominator, first), divides: false, at: first }, ...rest];
  }

  /** The number p/q as a tree (a negative one as neg(num)), when it is within the literal limits. */
  private coefficient(p: bigint, q: bigint, at: Token): Expr {
    return this.b.ratio(p, q, at.pos, `the exact number ${literalExcerpt(at.text)} … in this product`);
  }

  private startsImplicitFactor(t: Token): boolean {
    return t.kind === 'num' || t.kind === 'ident' || t.kind === 'lparen';
  }

  /** Leading signs, read in a loop so that a long run of them cannot deepen the recursion. */
  private signs(): Token[] {
    const minus: Token[] = [];
    for (;;) {
      const t = this.peek();
      if (t.kind !== 'op' || (t.text !== '-' && t.text !== '+')) return minus;
      this.take();
      if (t.text === '-') minus.push(t);
    }
  }

  private applySigns(minus: Token[], e: Expr): Expr {
    for (let k = minus.length - 1; k >= 0; k--) e = this.count({ type: 'neg', args: [e] }, minus[k]);
    return e;
  }

  private unary(): Expr {
    const minus = this.signs();
    return this.applySigns(minus, this.power());
  }

  /**
   * base ^ [signs] base ^ [signs] base …, right-associative, with each exponent's signs applying
   * to the whole rest of the chain: 2^-x^2 is 2^(-(x^2)), as in SymPy and mathjs.
   */
  private power(): Expr {
    const bases: Expr[] = [this.primary()];
    const carets: Token[] = [];
    const signs: Token[][] = [];
    while (this.peek().kind === 'op' && this.peek().text === '^') {
      carets.push(this.take());
      signs.push(this.signs());
      bases.push(this.primary());
    }
    let acc = bases[bases.length - 1];
    for (let k = carets.length - 1; k >= 0; k--) {
      acc = this.applySigns(signs[k], acc);
      acc = this.count({ type: 'pow', args: [bases[k], acc] }, carets[k]);
    }
    return acc;
  }

  private primary(): Expr {
    const t = this.take();
    switch (t.kind) {
      case 'num': {
        if (t.big === undefined) return this.count({ type: 'num', value: t.value! }, t);
        // A placeholder leaf until the enclosing product folds it (foldExact) or parse() refuses it.
        const leaf = this.count({ type: 'num', value: Number.NaN }, t);
        this.exact.set(leaf, { value: t.big, token: t });
        return leaf;
      }
      case 'lparen': {
        this.enter(t);
        if (this.peek().kind === 'rparen') throw this.error('empty parentheses', this.peek());
        const e = this.sum();
        const close = this.take();
        if (close.kind !== 'rparen') throw this.error(close.kind === 'end' ? "missing ')'" : `expected ')' but found ${describe(close)}`, close);
        this.leave();
        return e;
      }
      case 'ident':
        return this.identifier(t);
      case 'end':
        throw this.error('expression ends too early', t);
      default:
        throw this.error(`unexpected ${describe(t)}`, t);
    }
  }

  private identifier(t: Token): Expr {
    const name = t.text;
    const next = this.peek();
    const free = this.freeSymbol(name);
    if (free !== undefined) {
      if (isOdeUnknown(free) && next.kind === 'lparen') this.unknownArgument(t);
      // A(x+1) is an implicit product, as x(x+1) is.
      return this.count({ type: 'sym', name: free }, t);
    }
    if (this.b.options.odeUnknown === true && (name === 'Derivative' || name === 'diff') && next.kind === 'lparen') return this.derivativeOfUnknown(t);
    if (next.kind === 'lparen') {
      const fname = lookupFunction(name);
      if (fname !== undefined) return this.call(t, fname);
      if (Object.hasOwn(LOG_WITH_BASE, name)) return this.call(t, 'log', LOG_WITH_BASE[name]);
      if (name === 'Rational') return this.rational(t);
      if (name === 'binomial') return this.binomial(t);
      if (name === 'zeta') return this.zeta(t);
      if (Object.hasOwn(SYMBOLS, name)) return this.count({ type: 'sym', name: SYMBOLS[name] }, t); // x(x+1): implicit product
      if (INFINITY.has(name)) throw this.error('infinity is not a value', t);
      if (Object.hasOwn(KNOWN_REFUSALS, name)) throw this.error(KNOWN_REFUSALS[name], t, KNOWN_REFUSALS[name] === IMAGINARY_UNIT ? 'unsupported' : undefined);
      if (isUnsupportedFunction(name)) throw this.error(`sagga does not support the function '${clip(name, 30)}'`, t, 'unsupported');
      throw this.error(`unknown function '${clip(name, 30)}'`, t);
    }
    if (Object.hasOwn(SYMBOLS, name)) return this.count({ type: 'sym', name: SYMBOLS[name] }, t);
    if (INFINITY.has(name)) return this.b.infinity(t.pos);
    if ((name === 'DNE' || name === 'dne') && this.b.options.noLimit === true) return this.b.noLimit(t.pos);
    if (Object.hasOwn(KNOWN_REFUSALS, name)) throw this.error(KNOWN_REFUSALS[name], t, KNOWN_REFUSALS[name] === IMAGINARY_UNIT ? 'unsupported' : undefined);
    if (lookupFunction(name) !== undefined || Object.hasOwn(LOG_WITH_BASE, name)) {
      if (next.kind === 'op' && next.text === '^') {
        throw this.error(`write powers of functions as ${name}(x)^2, not ${name}^2(x)`, t);
      }
      throw this.error(`function '${name}' needs parentheses around its argument`, t);
    }
    throw this.error(this.unknownName(name), t);
  }

  /** A parameter or an ODE's unknown that the caller allows (ReadOptions), or undefined. */
  private freeSymbol(name: string): ParameterName | OdeUnknown | undefined {
    const { parameters, odeUnknown } = this.b.options;
    if (parameters !== undefined && isParameterName(name) && parameters.includes(name)) return name;
    if (odeUnknown === true && isOdeUnknown(name)) return name;
    return undefined;
  }

  private unknownName(name: string): string {
    const { parameters, odeUnknown } = this.b.options;
    const named = `unknown name '${clip(name, 30)}'`;
    if ((parameters === undefined || parameters.length === 0) && odeUnknown !== true) {
      return `${named} (the only variable is x; constants are pi, e, Catalan, EulerGamma and zeta(n))`;
    }
    const symbols = ['x', ...(odeUnknown === true ? ["y, y', y''"] : []), ...(parameters ?? [])].join(', ');
    const hint = isParameterName(name) ? '; it is not among the parameters given' : '';
    return `${named} (the symbols are ${symbols}; constants are pi, e, Catalan, EulerGamma and zeta(n)${hint})`;
  }

  /** The `(x)` of `y(x)`, `y'(x)`: the unknown is a function of x, and of nothing else here. */
  private unknownArgument(t: Token): void {
    const [open, x, close] = [this.tokens[this.i], this.tokens[this.i + 1], this.tokens[this.i + 2]];
    if (x?.kind === 'ident' && x.text === 'x' && close?.kind === 'rparen') {
      this.i += 3;
      return;
    }
    throw this.error(`${t.text} is read as ${t.text} or ${t.text}(x) in an equation; a value such as ${t.text}(0) = 1 is a condition`, open);
  }

  /**
   * SymPy's `Derivative(y(x), x)`, `Derivative(y(x), x, x)`, `Derivative(y(x), (x, 2))` and Maxima's
   * `diff(y, x, 2)`: the unknown's derivative of that order, y' or y''.
   */
  private derivativeOfUnknown(t: Token): Expr {
    this.take(); // '('
    this.enter(t);
    const base = this.sum();
    if (base.type !== 'sym' || !isOdeUnknown(base.name)) throw this.error(`${t.text}(…) is read only of the unknown y`, t);
    let order = unknownOrder(base.name);
    const usage = `${t.text}(y, x), ${t.text}(y, x, x), ${t.text}(y, x, 2) or ${t.text}(y, (x, 2))`;
    const sep = this.take();
    if (sep.kind !== 'comma') throw this.error(`expected ',' in ${usage}`, sep);
    const isX = (k: Token | undefined) => k?.kind === 'ident' && k.text === 'x';
    const count = (k: Token | undefined): number => {
      const v = k?.kind === 'num' ? k.value : undefined;
      if (v !== 1 && v !== 2) throw this.error(`the order in ${usage} is 1 or 2`, k ?? t);
      return v;
    };
    const first = this.take();
    if (first.kind === 'lparen') {
      if (!isX(this.take()) || this.take().kind !== 'comma') throw this.error(`expected ${usage}`, first);
      order += count(this.take());
      if (this.take().kind !== 'rparen') throw this.error(`expected ${usage}`, first);
    } else if (isX(first)) {
      order += 1;
      if (this.peek().kind === 'comma') {
        this.take();
        const more = this.take();
        order += isX(more) ? 1 : count(more) - 1;
      }
    } else throw this.error(`expected ${usage}`, first);
    const close = this.take();
    if (close.kind !== 'rparen') throw this.error(`expected ')' after ${usage}`, close);
    this.leave();
    if (order > 2) throw this.error("sagga reads differential equations of order 1 and 2 (y, y' and y'')", t, 'unsupported');
    return this.count({ type: 'sym', name: ODE_UNKNOWNS[order] }, t);
  }

  /** The arguments of a call whose name has just been read, with the call's nesting accounted for. */
  private callArgs(t: Token): Expr[] {
    this.take(); // '('
    this.enter(t);
    const args: Expr[] = [];
    if (this.peek().kind === 'rparen') throw this.error(`${t.text}() needs an argument`, this.peek());
    for (;;) {
      args.push(this.sum());
      const sep = this.take();
      if (sep.kind === 'rparen') break;
      if (sep.kind !== 'comma') throw this.error(sep.kind === 'end' ? "missing ')'" : `expected ',' or ')' but found ${describe(sep)}`, sep);
    }
    this.leave();
    return args;
  }

  /**
   * SymPy's `Rational(p, q)` for integer literals p, q (q ≠ 0), rewritten at parse time to p/q:
   * no new function enters the tree.
   */
  private rational(t: Token): Expr {
    const args = this.callArgs(t);
    const exact = args.map((a) => this.exactValue(a));
    if (args.length === 2 && exact.some((e) => e !== undefined)) {
      // Rational(p, q) with p or q beyond the literal limits: the exact ratio, when a double holds it.
      const [p, q] = args.map((a, k) => exact[k]?.value ?? (integerLiteral(a) !== undefined ? BigInt(integerLiteral(a)!) : undefined));
      if (p === undefined || q === undefined) throw this.error('Rational(p, q) takes two integer literals, e.g. Rational(1, 3)', t);
      for (const e of exact) if (e !== undefined) this.exact.delete(e.leaf);
      return this.coefficient(p, q, exact.find((e) => e !== undefined)!.token);
    }
    const ints = args.map(integerLiteral);
    if (args.length !== 2 || ints[0] === undefined || ints[1] === undefined) {
      throw this.error('Rational(p, q) takes two integer literals, e.g. Rational(1, 3)', t);
    }
    if (ints[1] === 0) throw this.error('Rational(p, 0): division by zero', t);
    return this.count({ type: 'div', args: [args[0], args[1]] }, t);
  }

  /**
   * SymPy's `binomial(a, k)` for a non-negative integer literal k ≤ MAX_BINOMIAL_K, rewritten at
   * parse time to the polynomial a(a-1)…(a-k+1)/k!, written as a·((a-1)/2)·…·((a-k+1)/k) so that no
   * literal exceeds the limits. Any other k is refused.
   */
  private binomial(t: Token): Expr {
    const args = this.callArgs(t);
    const k = args.length === 2 ? integerLiteral(args[1]) : undefined;
    if (k === undefined || k < 0 || k > MAX_BINOMIAL_K) {
      throw this.error(
        `binomial(x, k) is read only for an integer literal k from 0 to ${MAX_BINOMIAL_K} (as the polynomial x(x-1)…(x-k+1)/k!)`,
        t,
        'unsupported',
      );
    }
    if (k === 0) return this.count({ type: 'num', value: 1 }, t);
    const factors: Expr[] = [args[0]];
    for (let j = 1; j < k; j++) {
      const shifted = this.count(
        { type: 'add', args: [this.b.copy(args[0], t.pos), this.count({ type: 'neg', args: [this.count({ type: 'num', value: j }, t)] }, t)] },
        t,
      );
      factors.push(this.count({ type: 'div', args: [shifted, this.count({ type: 'num', value: j + 1 }, t)] }, t));
    }
    return factors.length === 1 ? factors[0] : this.count({ type: 'mul', args: factors }, t);
  }

  /**
   * SymPy's `zeta(n)` for an integer literal 2 ≤ n ≤ MAX_ZETA_ORDER: the constant ζ(n), one leaf.
   * Riemann's ζ of anything else (zeta(x), zeta(1), Hurwitz's zeta(s, a)) is a function sagga does
   * not read.
   */
  private zeta(t: Token): Expr {
    const args = this.callArgs(t);
    const n = args.length === 1 ? integerLiteral(args[0]) : undefined;
    if (n === undefined || n < 2 || n > MAX_ZETA_ORDER) {
      throw this.error(
        `sagga does not support the function 'zeta'; it reads zeta(n) for an integer n from 2 to ${MAX_ZETA_ORDER}, a constant`,
        t,
        'unsupported',
      );
    }
    return this.count({ type: 'sym', name: zetaConstant(n) }, t);
  }

  /** A whitelisted call; `base` makes it a logarithm to that base (log10, log2). */
  private call(t: Token, name: FnName, base?: number): Expr {
    const args = this.callArgs(t);
    if (base !== undefined) {
      if (args.length !== 1) throw this.error(`${t.text} takes 1 argument, got ${args.length}`, t);
      args.push(this.count({ type: 'num', value: base }, t));
    }
    // log(x, b) is the logarithm to base b in both mathjs and SymPy.
    if (name === 'log' && args.length === 2) {
      const top = this.count({ type: 'fn', name: 'log', args: [args[0]] }, t);
      const bottom = this.count({ type: 'fn', name: 'log', args: [args[1]] }, t);
      return this.count({ type: 'div', args: [top, bottom] }, t);
    }
    const arity = name === 'log' ? [1, 2] : fnInfo(name).arity;
    if (!arity.includes(args.length)) {
      throw this.error(`${t.text} takes ${arity.join(' or ')} argument${arity.length === 1 && arity[0] === 1 ? '' : 's'}, got ${args.length}`, t);
    }
    return this.count({ type: 'fn', name, args }, t);
  }
}

/** One factor of a product: what it is, whether it divides (follows '/'), and where it starts. */
interface ProductFactor {
  readonly expr: Expr;
  readonly divides: boolean;
  readonly at: Token;
}

/** The derivatives of the ODE's unknown that its reader reads (ReadOptions.odeUnknown). */
const DERIVATIVE_CALLS: ReadonlySet<string> = new Set(['Derivative', 'diff']);

/** Largest k read in `binomial(x, k)`: the polynomial has k factors. */
export const MAX_BINOMIAL_K = 20;

/** The value of an integer literal, optionally negated (`3`, `-3`, `(-3)`); undefined for anything else. */
function integerLiteral(e: Expr): number | undefined {
  if (e.type === 'num') return Number.isSafeInteger(e.value) ? e.value : undefined;
  if (e.type === 'neg' && e.args[0].type === 'num') {
    const v = integerLiteral(e.args[0]);
    return v === undefined ? undefined : -v;
  }
  return undefined;
}

function describe(t: Token): string {
  switch (t.kind) {
    case 'end':
      return 'end of input';
    case 'num':
      return `number ${clip(t.text, 30)}`;
    case 'ident':
      return `name '${clip(t.text, 30)}'`;
    case 'comma':
      return "','";
    default:
      return `'${t.text}'`;
  }
}

/**
 * Parse mathjs or SymPy infix into the whitelisted tree; throws `ParseError` on anything else.
 * Work is linear in the input and bounded by `limits` before any tree is built: the text's length
 * and nesting first, every literal as it is read, the tree's nodes and depth as they are built.
 * `options` admits what only some callers read (infinity, for bounds and limits).
 */
export function parseExpr(text: string, limits?: Partial<Limits>, options?: ReadOptions): Expr {
  const lim = resolveLimits(limits);
  return readBounded(
    text,
    lim,
    (t) => {
      // Reject deep nesting before recursing, so that 10,000 '(' cannot reach the stack limit.
      let open = 0;
      for (let i = 0; i < t.length; i++) {
        const c = t.charCodeAt(i);
        if (c === 40) {
          if (++open > lim.maxDepth) throw new ParseError(`expression nests deeper than ${lim.maxDepth} levels`, i, t, 'limit');
        } else if (c === 41 && open > 0) open--;
      }
      return new Parser(tokenize(t, lim, options ?? {}), new TreeBuilder(t, lim, options)).parse();
    },
    options?.odeUnknown === true ? DERIVATIVE_CALLS : undefined,
  );
}

export function tryParseExpr(text: string, limits?: Partial<Limits>, options?: ReadOptions): ParseResult {
  return tryReadBounded(text, (t) => parseExpr(t, limits, options));
}
