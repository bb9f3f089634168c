import { MAX_ZETA_ORDER, zetaConstant } from '../expr/constants.js';
import { fnInfo, type FnName } from '../expr/functions.js';
import { resolveLimits, type Limits } from '../expr/limits.js';
import { literalExcerpt } from '../expr/literalExcerpt.js';
import { ParseError, type OwnRefusal, type ParseResult } from '../expr/parseError.js';
import { readBounded, tryReadBounded } from '../expr/readBounded.js';
import { readLiteral } from '../expr/readLiteral.js';
import { isArbitraryConstant, isParameterLetter, type ArbitraryConstant } from '../expr/parameters.js';
import type { ReadOptions } from '../expr/readOptions.js';
import { TreeBuilder } from '../expr/treeBuilder.js';
import type { Expr } from '../expr/types.js';
import { tokenizeLatex, type LatexToken } from './latexTokens.js';

/** `\sin^{-1}` and friends: the inverse function; null where `f^{-1}` is refused (not a named inverse we read). */
const INVERSE: Record<FnName, FnName | null> = {
  sin: 'asin',
  cos: 'acos',
  tan: 'atan',
  cot: 'acot',
  sec: 'asec',
  csc: 'acsc',
  sinh: 'asinh',
  cosh: 'acosh',
  tanh: 'atanh',
  coth: 'acoth',
  sech: 'asech',
  csch: 'acsch',
  exp: null,
  log: null,
  sqrt: null,
  cbrt: null,
  asin: null,
  acos: null,
  atan: null,
  acot: null,
  asec: null,
  acsc: null,
  asinh: null,
  acosh: null,
  atanh: null,
  acoth: null,
  asech: null,
  acsch: null,
  abs: null,
  sign: null,
  erf: null,
  erfc: null,
  erfi: null,
  Ei: null,
  li: null,
  Si: null,
  Ci: null,
  Shi: null,
  Chi: null,
  gamma: null,
  lowergamma: null,
  uppergamma: null,
  fresnels: null,
  fresnelc: null,
  polylog: null,
  LambertW: null,
};

/**
 * Read a LaTeX math string (the inside of `$…$` or `\boxed{…}`) into a whitelisted tree.
 *
 * Conventions, chosen to match how models and CAS printers write antiderivatives:
 * - `\log` is the natural logarithm (as `\ln`); `\log_{b}` is log(·)/log(b).
 * - A function without parentheses takes the following product of plain factors as its argument:
 *   `\sin 2x` = sin(2x), `\ln x^2` = ln(x²), `\sin x \cos x` = sin(x)·cos(x) (a function ends the argument).
 * - A power after a parenthesised or braced argument applies to the value: `\sin(x)^2` = sin(x)²;
 *   `\sin^2 x` = sin(x)²; `\sin^{-1} x` = asin(x).
 * - `^` and `_` take one token as in TeX: `x^23` is x²·3; `\frac12` is 1/2.
 * - `e` is Euler's number, `x` the variable; any other letter is refused.
 * - A number in scientific notation is a number: `3.6e2` is 360, `2E-1` is 0.2; `5e-1` and `2e+1`,
 *   which also read as 5e − 1 and 2e + 1, are refused as ambiguous.
 * - `\frac{p}{q}` of two integers is their exact ratio, even when p and q are too large for a double.
 * - Constants: `\pi`, `e`, `\gamma` (Euler's constant; `\gamma(` is refused as ambiguous),
 *   `\operatorname{Catalan}`, `\zeta(n)` for an integer 2 ≤ n ≤ MAX_ZETA_ORDER; `G` for Catalan's
 *   constant and `\infty` only when `options` say so.
 * Throws `ParseError` on anything else or anything over `limits`; the error's `refusal` says when
 * the reason is sagga's (a limit, an unsupported function, an ambiguous notation), not the text's.
 */
export function parseLatex(text: string, limits?: Partial<Limits>, options?: ReadOptions): Expr {
  const lim = resolveLimits(limits);
  return readBounded(text, lim, (t) => {
    // Bound nesting before recursing, so that 10,000 '{' cannot reach the stack limit.
    let open = 0;
    for (let i = 0; i < t.length; i++) {
      const c = t[i];
      if (c === '{' || c === '(' || c === '[') {
        if (++open > lim.maxDepth) throw new ParseError(`expression nests deeper than ${lim.maxDepth} levels`, i, t, 'limit');
      } else if (c === '}' || c === ')' || c === ']') open--;
    }
    return new LatexParser(tokenizeLatex(t, lim), new TreeBuilder(t, lim, options)).parse();
  });
}

export function tryParseLatex(text: string, limits?: Partial<Limits>, options?: ReadOptions): ParseResult {
  return tryReadBounded(text, (t) => parseLatex(t, limits, options));
}

class LatexParser {
  private i = 0;
  /** Recursion of the grammar, which may run deeper than the tree it builds; bounded so the stack cannot overflow. */
  private depth = 0;
  /** How many `|…|` are open in the current parenthesis level (a bar in operator position closes one). */
  private absOpen = 0;

  private readonly limits: Limits;

  constructor(
    private readonly tokens: LatexToken[],
    private readonly b: TreeBuilder,
  ) {
    this.limits = b.limits;
  }

  parse(): Expr {
    if (this.peek().kind === 'end') throw this.error('empty expression', this.peek());
    const e = this.sum();
    const t = this.peek();
    if (t.kind !== 'end') throw this.error(`unexpected ${describe(t)}`, t);
    return this.b.finish(e);
  }

  private peek(): LatexToken {
    return this.tokens[this.i];
  }

  private take(): LatexToken {
    return this.tokens[this.i++];
  }

  private error(message: string, t: LatexToken, refusal?: OwnRefusal): ParseError {
    return this.b.error(message, t.pos, refusal);
  }

  private count<E extends Expr>(e: E, at: LatexToken): E {
    return this.b.add(e, at.pos);
  }

  private enter(at: LatexToken): void {
    if (++this.depth > this.limits.maxDepth) throw this.error(`expression nests deeper than ${this.limits.maxDepth} levels`, at, 'limit');
  }

  private leave(): void {
    this.depth--;
  }

  private number(text: string, at: LatexToken): Expr {
    const literal = readLiteral(text, at.pos, this.b.input, this.limits);
    // An integer beyond the limits is only read as a term of an exact \frac{p}{q} (exactFraction).
    if (literal.exact !== undefined) throw this.error(`number ${literalExcerpt(text)} exceeds the limit of ${this.limits.maxAbsLiteral}`, at, 'limit');
    return this.count({ type: 'num', value: literal.value }, at);
  }

  private isOp(t: LatexToken, text: string): boolean {
    return t.kind === 'op' && t.text === text;
  }

  private sum(): Expr {
    const start = this.peek();
    this.enter(start);
    const terms: Expr[] = [this.product()];
    for (;;) {
      const t = this.peek();
      if (this.isOp(t, '+') || this.isOp(t, '-')) {
        this.take();
        const rhs = this.product();
        terms.push(this.isOp(t, '-') ? this.count({ type: 'neg', args: [rhs] }, t) : rhs);
      } else break;
    }
    this.leave();
    return terms.length === 1 ? terms[0] : this.count({ type: 'add', args: terms }, start);
  }

  private product(): Expr {
    const start = this.peek();
    this.enter(start);
    let acc: Expr[] = [this.unary()];
    for (;;) {
      const t = this.peek();
      if (this.isOp(t, '*') || this.isOp(t, '/')) {
        this.take();
        const rhs = this.unary();
        if (this.isOp(t, '*')) acc.push(rhs);
        else {
          const lhs: Expr = acc.length === 1 ? acc[0] : this.count({ type: 'mul', args: acc }, start);
          acc = [this.count({ type: 'div', args: [lhs, rhs] }, t)];
        }
      } else if (this.startsFactor(t, true)) {
        const last = acc[acc.length - 1];
        if (t.kind === 'num' && last.type === 'num') throw this.error('two numbers in a row', t);
        acc.push(this.power());
      } else break;
    }
    this.leave();
    return acc.length === 1 ? acc[0] : this.count({ type: 'mul', args: acc }, start);
  }

  /** Can `t` begin an implicitly multiplied factor? Functions are excluded inside a bare function argument. */
  private startsFactor(t: LatexToken, functionsToo: boolean): boolean {
    switch (t.kind) {
      case 'num':
      case 'letter':
      case 'pi':
      case 'constant':
      case 'infinity':
      case 'zeta':
      case 'frac':
      case 'sqrt':
        return true;
      case 'fn':
        return functionsToo;
      case 'open':
        return true;
      case 'bar':
        return t.role === 'open' || (t.role === 'either' && this.absOpen === 0);
      default:
        return false;
    }
  }

  private unary(): Expr {
    const t = this.peek();
    if (this.isOp(t, '-') || this.isOp(t, '+')) {
      this.take();
      this.enter(t);
      const arg = this.unary();
      this.leave();
      return this.isOp(t, '-') ? this.count({ type: 'neg', args: [arg] }, t) : arg;
    }
    return this.power();
  }

  /** A primary with an optional superscript. */
  private power(): Expr {
    const base = this.primary();
    return this.maybeSuperscript(base);
  }

  private maybeSuperscript(base: Expr): Expr {
    const t = this.peek();
    if (!this.isOp(t, '^')) {
      if (this.isOp(t, '_')) throw this.error('subscripts are not supported here', t);
      return base;
    }
    this.take();
    this.enter(t);
    const exponent = this.script();
    this.leave();
    const result = this.count({ type: 'pow', args: [base, exponent] }, t);
    if (this.isOp(this.peek(), '^')) throw this.error('double superscript; use braces', this.peek());
    return result;
  }

  /**
   * The argument of `^`, `_`, `\frac`, `\sqrt` when not braced: one token, as TeX reads it. A
   * multi-digit number gives up its first digit (`x^23` = x²·3). Models also write `e^-x` and
   * `e^(2x)`, which TeX would not read; those are accepted with their obvious meaning.
   */
  private script(): Expr {
    const t = this.peek();
    if (this.isOp(t, '-') || this.isOp(t, '+')) {
      this.take();
      this.enter(t);
      const arg = this.script();
      this.leave();
      return this.isOp(t, '-') ? this.count({ type: 'neg', args: [arg] }, t) : arg;
    }
    if (t.kind === 'num' && t.scientific === true) {
      // TeX would raise to the first digit only; a model means the whole number, or not: no guess.
      throw this.error(`'${t.text}' right after '^', '_' or \\frac is ambiguous; use braces`, t, 'ambiguous');
    }
    if (t.kind === 'num' && t.text.length > 1 && !t.text.startsWith('.')) {
      this.tokens[this.i] = { kind: 'num', text: t.text.slice(1), pos: t.pos + 1 };
      return this.number(t.text[0], t);
    }
    if (t.kind === 'open' && t.text === '{') return this.group();
    if (t.kind === 'fn') return this.functionApplication();
    return this.primary();
  }

  private primary(): Expr {
    const t = this.peek();
    switch (t.kind) {
      case 'num':
        this.take();
        return this.number(t.text, t);
      case 'letter':
        this.take();
        return this.letter(t);
      case 'pi':
        this.take();
        return this.count({ type: 'sym', name: 'pi' }, t);
      case 'constant':
        this.take();
        return this.count({ type: 'sym', name: t.name }, t);
      case 'infinity':
        this.take();
        return this.b.infinity(t.pos);
      case 'zeta':
        return this.zeta();
      case 'open':
        return this.group();
      case 'bar':
        if (t.role === 'close') throw this.error("unmatched closing '|'", t);
        return this.abs();
      case 'frac':
        return this.frac();
      case 'sqrt':
        return this.sqrt();
      case 'fn':
        return this.functionApplication();
      case 'end':
        throw this.error('expression ends too early', t);
      default:
        throw this.error(`unexpected ${describe(t)}`, t);
    }
  }

  private letter(t: Extract<LatexToken, { kind: 'letter' }>): Expr {
    // A parameter the caller lists (ReadOptions.parameters), before any other reading of its letter.
    if (isParameterLetter(t.text) && this.b.options.parameters?.includes(t.text) === true) return this.count({ type: 'sym', name: t.text }, t);
    if (t.text === 'C') {
      const constant = this.arbitraryConstant();
      if (constant !== undefined) return this.count({ type: 'sym', name: constant }, t);
    }
    switch (t.text) {
      case 'x':
        return this.count({ type: 'sym', name: 'x' }, t);
      case 'e':
        return this.count({ type: 'sym', name: 'e' }, t);
      case 'C':
      case 'c':
      case 'K':
        throw this.error(`unknown symbol '${t.text}' (an integration constant inside the expression?)`, t);
      case 'G':
        if (this.b.options.catalanLetter === true) return this.count({ type: 'sym', name: 'Catalan' }, t);
        throw this.error("unknown symbol 'G' (the only variable is x; constants are \\pi and e)", t);
      case 'd':
        throw this.error("unknown symbol 'd' (a differential such as dx?)", t);
      case 'i':
        // A real antiderivative may be written with i (erf(ix)/i is erfi(x)): sagga's limit, not a fault.
        throw this.error('the imaginary unit is not supported', t, 'unsupported');
      default:
        throw this.error(`unknown symbol '${t.text}' (the only variable is x; constants are \\pi and e)`, t);
    }
  }

  /**
   * After a `C`: an ODE's arbitrary constant the caller lists (ReadOptions.parameters), written
   * `C_1`, `C_{1}` or `C1`, its index taken from the tokens; undefined (nothing taken) otherwise.
   */
  private arbitraryConstant(): ArbitraryConstant | undefined {
    const listed = this.b.options.parameters;
    if (listed === undefined || !listed.some(isArbitraryConstant)) return undefined;
    const at = (k: number): LatexToken => this.tokens[Math.min(this.i + k, this.tokens.length - 1)];
    const isNum = (t: LatexToken): t is Extract<LatexToken, { kind: 'num' }> => t.kind === 'num' && /^\d+$/.test(t.text);
    let digit: string | undefined;
    let taken = 0;
    // As TeX reads a subscript or a glued digit: C_{1} whole, C_1 and C1 one digit (C_12 is C_1 times 2).
    let split: Extract<LatexToken, { kind: 'num' }> | undefined;
    if (this.isOp(at(0), '_') && at(1).kind === 'open' && (at(1) as { text: string }).text === '{') {
      const d = at(2);
      const close = at(3);
      if (isNum(d) && close.kind === 'close' && close.text === '}') [digit, taken] = [d.text, 4];
    } else {
      const offset = this.isOp(at(0), '_') ? 1 : 0;
      const d = at(offset);
      if (isNum(d)) {
        [digit, taken] = [d.text[0], offset + 1];
        if (d.text.length > 1) split = d;
      }
    }
    const name = digit === undefined ? undefined : `C${digit}`;
    if (name === undefined || !isArbitraryConstant(name) || !listed.includes(name)) return undefined;
    this.i += taken;
    if (split !== undefined) this.tokens[--this.i] = { kind: 'num', text: split.text.slice(1), pos: split.pos + 1 };
    return name;
  }

  /** `\zeta(n)`, `\zeta\left(n\right)`, `\zeta{(n)}`: the constant ζ(n) of an integer literal; ζ of anything else is refused. */
  private zeta(): Expr {
    const t = this.take();
    const args = this.peek().kind === 'open' ? this.groupArgs() : [];
    const n = args.length === 1 ? integerLiteral(args[0]) : undefined;
    if (n === undefined || n < 2 || n > MAX_ZETA_ORDER) {
      throw this.error(
        `sagga does not support the function \\zeta; it reads \\zeta(n) for an integer n from 2 to ${MAX_ZETA_ORDER}, a constant`,
        t,
        'unsupported',
      );
    }
    return this.count({ type: 'sym', name: zetaConstant(n) }, t);
  }

  /** `( … )`, `[ … ]`, `{ … }`: grouping only. A bar inside starts fresh. */
  private group(): Expr {
    const open = this.take() as Extract<LatexToken, { kind: 'open' }>;
    const want = open.text === '(' ? ')' : open.text === '[' ? ']' : '}';
    this.enter(open);
    const savedAbs = this.absOpen;
    this.absOpen = 0;
    if (this.peek().kind === 'close') throw this.error('empty group', this.peek());
    const e = this.sum();
    const close = this.take();
    // \left( … \right] happens in model output; any closing bracket closes a (…) or […] group.
    const fits = close.kind === 'close' && (want === '}' ? close.text === '}' : close.text !== '}');
    if (!fits) {
      throw this.error(close.kind === 'end' ? `missing '${want}'` : `expected '${want}' but found ${describe(close)}`, close);
    }
    this.absOpen = savedAbs;
    this.leave();
    return e;
  }

  private groupArgs(): Expr[] {
    const open = this.take() as Extract<LatexToken, { kind: 'open' }>;
    const want = open.text === '(' ? ')' : open.text === '[' ? ']' : '}';
    this.enter(open);
    const savedAbs = this.absOpen;
    this.absOpen = 0;
    const args: Expr[] = [];
    if (this.peek().kind === 'close') throw this.error('empty argument list', this.peek());
    for (;;) {
      args.push(this.sum());
      const sep = this.take();
      if (sep.kind === 'close' && (want === '}' ? sep.text === '}' : sep.text !== '}')) break;
      if (!this.isOp(sep, ',')) throw this.error(sep.kind === 'end' ? `missing '${want}'` : `expected ',' or '${want}' but found ${describe(sep)}`, sep);
    }
    this.absOpen = savedAbs;
    this.leave();
    return args;
  }

  private abs(): Expr {
    const open = this.take();
    this.enter(open);
    this.absOpen++;
    const inner = this.sum();
    const close = this.take();
    if (close.kind !== 'bar' || close.role === 'open') {
      throw this.error(close.kind === 'end' ? "missing closing '|'" : `expected '|' but found ${describe(close)}`, close);
    }
    this.absOpen--;
    this.leave();
    return this.count({ type: 'fn', name: 'abs', args: [inner] }, open);
  }

  private frac(): Expr {
    const exact = this.exactFraction();
    if (exact !== undefined) return exact;
    const t = this.take();
    this.enter(t);
    const numerator = this.script();
    const denominator = this.script();
    this.leave();
    return this.count({ type: 'div', args: [numerator, denominator] }, t);
  }

  /**
   * `\frac{p}{q}` of two integer literals, either beyond the literal limits (as an exact rational
   * from a computer algebra system is): their ratio, when a double holds it. Undefined otherwise.
   */
  private exactFraction(): Expr | undefined {
    const [, o1, p, c1, o2, q, c2] = this.tokens.slice(this.i, this.i + 7);
    const braced = (o: LatexToken | undefined, c: LatexToken | undefined): boolean =>
      o?.kind === 'open' && o.text === '{' && c?.kind === 'close' && c.text === '}';
    const integer = (t: LatexToken | undefined): t is Extract<LatexToken, { kind: 'num' }> => t?.kind === 'num' && /^\d+$/.test(t.text);
    if (!braced(o1, c1) || !braced(o2, c2) || !integer(p) || !integer(q)) return undefined;
    const beyond = (t: Extract<LatexToken, { kind: 'num' }>): boolean =>
      t.text.length > this.limits.maxLiteralDigits || Number(t.text) > this.limits.maxAbsLiteral;
    if (!beyond(p) && !beyond(q)) return undefined;
    if (/^0+$/.test(q.text)) throw this.error('division by zero', q);
    const value = this.b.ratio(BigInt(p.text), BigInt(q.text), p.pos, `the exact fraction ${literalExcerpt(p.text)} / ${literalExcerpt(q.text)}`);
    this.i += 7;
    return value;
  }

  private sqrt(): Expr {
    const t = this.take();
    this.enter(t);
    let index: Expr | undefined;
    const next = this.peek();
    if (next.kind === 'open' && next.text === '[') index = this.group();
    const radicand = this.peek().kind === 'open' ? this.group() : this.script();
    this.leave();
    if (index === undefined || (index.type === 'num' && index.value === 2)) return this.count({ type: 'fn', name: 'sqrt', args: [radicand] }, t);
    if (index.type === 'num' && index.value === 3) return this.count({ type: 'fn', name: 'cbrt', args: [radicand] }, t);
    const one = this.count({ type: 'num', value: 1 }, t);
    const exponent = this.count({ type: 'div', args: [one, index] }, t);
    return this.count({ type: 'pow', args: [radicand, exponent] }, t);
  }

  /**
   * `\sin x`, `\sin(x)`, `\sin^2 x`, `\sin^{-1}(x)`, `\log_{2} x`, `\ln|x|`, `\operatorname{Li}_2(x)`.
   */
  private functionApplication(): Expr {
    const t = this.take() as Extract<LatexToken, { kind: 'fn' }>;
    this.enter(t);
    let name = t.name;
    let outerPower: Expr | undefined;
    let base: Expr | undefined;
    let polylogOrder: Expr | undefined;
    for (;;) {
      const s = this.peek();
      if (this.isOp(s, '^') && outerPower === undefined) {
        this.take();
        const p = this.script();
        if (isMinusOne(p)) {
          const inv = INVERSE[name];
          if (inv === null || inv === undefined) throw this.error(`\\${t.spelled}^{-1} is not supported`, s);
          name = inv;
        } else outerPower = p;
        continue;
      }
      if (this.isOp(s, '_') && base === undefined && polylogOrder === undefined) {
        this.take();
        const sub = this.script();
        if (name === 'log') base = sub;
        else if (name === 'polylog') polylogOrder = sub;
        else throw this.error(`subscript on \\${t.spelled} is not supported`, s);
        continue;
      }
      break;
    }
    const info = fnInfo(name);
    let args: Expr[];
    let delimited = false;
    const a = this.peek();
    if (a.kind === 'open') {
      args = this.groupArgs();
      delimited = true;
    } else if (a.kind === 'bar' && a.role !== 'close') {
      args = [this.abs()];
      delimited = true;
    } else {
      args = [this.bareArgument(t)];
    }
    if (polylogOrder !== undefined) args = [polylogOrder, ...args];
    if (name === 'polylog' && args.length === 1) throw this.error('polylog needs an order, as \\operatorname{Li}_2(x)', t);
    if (!info.arity.includes(args.length)) {
      throw this.error(`${name} takes ${info.arity.join(' or ')} argument${info.arity[0] === 1 ? '' : 's'}, got ${args.length}`, t);
    }
    let value: Expr = this.count({ type: 'fn', name, args }, t);
    if (base !== undefined) {
      const lb = this.count({ type: 'fn', name: 'log', args: [base] }, t);
      value = this.count({ type: 'div', args: [value, lb] }, t);
    }
    if (outerPower !== undefined) value = this.count({ type: 'pow', args: [value, outerPower] }, t);
    this.leave();
    if (delimited && outerPower === undefined) return this.maybeSuperscript(value);
    return value;
  }

  /**
   * The argument of a function written without parentheses: `\sin 2x`, `\ln x^2`, `\sin \frac{x}{2}`,
   * `\ln \ln x`. It ends at an operator, a closing bracket or the next function.
   */
  private bareArgument(fnToken: LatexToken): Expr {
    const t = this.peek();
    if (this.isOp(t, '-') || this.isOp(t, '+')) {
      this.take();
      this.enter(t);
      const inner = this.bareArgument(fnToken);
      this.leave();
      return this.isOp(t, '-') ? this.count({ type: 'neg', args: [inner] }, t) : inner;
    }
    if (t.kind === 'fn') return this.functionApplication();
    if (!this.startsFactor(t, false)) {
      throw this.error(t.kind === 'end' ? 'function without an argument' : `function argument expected but found ${describe(t)}`, t);
    }
    const factors: Expr[] = [this.power()];
    while (this.startsFactor(this.peek(), false)) {
      const n = this.peek();
      if (n.kind === 'num' && factors[factors.length - 1].type === 'num') throw this.error('two numbers in a row', n);
      factors.push(this.power());
    }
    return factors.length === 1 ? factors[0] : this.count({ type: 'mul', args: factors }, t);
  }
}

/** The value of an integer literal, optionally negated; undefined for anything else. */
function integerLiteral(e: Expr): number | undefined {
  if (e.type === 'num') return Number.isSafeInteger(e.value) ? e.value : undefined;
  if (e.type === 'neg' && e.args[0].type === 'num' && Number.isSafeInteger(e.args[0].value)) return -e.args[0].value;
  return undefined;
}

function isMinusOne(e: Expr): boolean {
  return (e.type === 'neg' && e.args[0].type === 'num' && e.args[0].value === 1) || (e.type === 'num' && e.value === -1);
}

function describe(t: LatexToken): string {
  switch (t.kind) {
    case 'end':
      return 'end of input';
    case 'num':
    case 'letter':
      return `'${t.text}'`;
    case 'fn':
      return `function ${t.spelled}`;
    case 'frac':
      return '\\frac';
    case 'sqrt':
      return '\\sqrt';
    case 'pi':
      return '\\pi';
    case 'constant':
      return t.name;
    case 'infinity':
      return '\\infty';
    case 'zeta':
      return '\\zeta';
    case 'bar':
      return "'|'";
    default:
      return `'${t.text}'`;
  }
}
