import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/expr/limits.js';
import { parseExpr, tryParseExpr } from '../../src/expr/parse.js';
import { ParseError } from '../../src/expr/parseError.js';
import { toPrefix } from '../../src/expr/toPrefix.js';
import { add, div, fn, mul, neg, num, pow, sym, X, type Expr } from '../../src/expr/types.js';
import { HOSTILE_ANSWERS } from '../../testkit/hostileAnswers.js';
import { sympyOrSkip } from '../helpers/requirePackage.js';

const SYMPY = sympyOrSkip();

const E = sym('e');
const PI = sym('pi');

/** The ParseError that `text` must produce. */
function refusal(text: string, limits?: Parameters<typeof parseExpr>[1]): ParseError {
  const r = tryParseExpr(text, limits);
  if (r.ok) throw new Error(`accepted ${JSON.stringify(text.slice(0, 80))} as ${JSON.stringify(r.expr).slice(0, 200)}`);
  expect(r.error).toBeInstanceOf(ParseError);
  return r.error;
}

function expectRefused(text: string, message: RegExp, position: number, limits?: Parameters<typeof parseExpr>[1]): void {
  const err = refusal(text, limits);
  expect(err.message).toMatch(message);
  expect(err.position, `position for ${JSON.stringify(text.slice(0, 60))}: ${err.message}`).toBe(position);
}

describe('parseExpr: mathjs syntax', () => {
  const cases: Array<[string, Expr]> = [
    ['x', X],
    ['x^2 + 3*x - 1', add(pow(X, num(2)), mul(num(3), X), neg(num(1)))],
    ['2^3^2', pow(num(2), pow(num(3), num(2)))],
    ['-x^2', neg(pow(X, num(2)))],
    ['-2^2', neg(pow(num(2), num(2)))],
    ['2^-x^2', pow(num(2), neg(pow(X, num(2))))],
    ['x^-2', pow(X, neg(num(2)))],
    ['x*2/3', div(mul(X, num(2)), num(3))],
    ['x/2/3', div(div(X, num(2)), num(3))],
    ['x - -1', add(X, neg(neg(num(1))))],
    ['+x', X],
    ['e^x', pow(E, X)],
    ['pi', PI],
    ['log(x)', fn('log', X)],
    ['log(x, 2)', div(fn('log', X), fn('log', num(2)))],
    ['log10(x)', div(fn('log', X), fn('log', num(10)))],
    ['log2(x)', div(fn('log', X), fn('log', num(2)))],
    ['sqrt(x) + cbrt(x)', add(fn('sqrt', X), fn('cbrt', X))],
    ['abs(x)', fn('abs', X)],
    ['polylog(2, x)', fn('polylog', num(2), X)],
    ['.5 + 5.', add(num(0.5), num(5))],
    ['1.5e3', num(1500)],
    ['2E3', num(2000)],
    ['10^100000', pow(num(10), num(100000))],
    ['  x\n+\t1  ', add(X, num(1))],
  ];
  for (const [text, expected] of cases) {
    test(JSON.stringify(text), () => {
      expect(parseExpr(text)).toEqual(expected);
    });
  }
});

describe('parseExpr: implicit multiplication', () => {
  const cases: Array<[string, Expr]> = [
    ['2x', mul(num(2), X)],
    ['2 x', mul(num(2), X)],
    ['-2x', mul(neg(num(2)), X)],
    ['3(x+1)', mul(num(3), add(X, num(1)))],
    ['(x+1)(x-1)', mul(add(X, num(1)), add(X, neg(num(1))))],
    ['x(x+1)', mul(X, add(X, num(1)))],
    ['x sin(x)', mul(X, fn('sin', X))],
    ['2pi x', mul(num(2), PI, X)],
    ['2πx', mul(num(2), PI, X)],
    ['2x^2', mul(num(2), pow(X, num(2)))],
    ['2e', mul(num(2), E)],
    ['2e-x', add(mul(num(2), E), neg(X))],
    ['2e-3x', mul(num(0.002), X)],
    ['1/2x', mul(div(num(1), num(2)), X)],
  ];
  for (const [text, expected] of cases) {
    test(JSON.stringify(text), () => {
      expect(parseExpr(text)).toEqual(expected);
    });
  }
});

describe('parseExpr: SymPy syntax', () => {
  const cases: Array<[string, Expr]> = [
    ['x**2', pow(X, num(2))],
    ['x**-1', pow(X, neg(num(1)))],
    ['E**x', pow(E, X)],
    ['exp(1)', fn('exp', num(1))],
    ['ln(x)', fn('log', X)],
    ['Abs(x)', fn('abs', X)],
    ['sqrt(2)*x**(3/2)/3', div(mul(fn('sqrt', num(2)), pow(X, div(num(3), num(2)))), num(3))],
    ['-x*cos(x) + sin(x)', add(mul(neg(X), fn('cos', X)), fn('sin', X))],
    ['LambertW(x)', fn('LambertW', X)],
    ['uppergamma(2, x)', fn('uppergamma', num(2), X)],
    ['asinh(x) + arcsinh(x)', add(fn('asinh', X), fn('asinh', X))],
    ['Gamma(x)', fn('gamma', X)],
  ];
  for (const [text, expected] of cases) {
    test(JSON.stringify(text), () => {
      expect(parseExpr(text)).toEqual(expected);
    });
  }
});

describe.runIf(SYMPY)('parseExpr reads SymPy syntax the way SymPy does', () => {
  // Each text is valid Python; SymPy's parse_expr reading of it must equal our tree (sent as
  // Lample–Charton prefix tokens and rebuilt with SymPy constructors).
  const texts = [
    'x**2 + 3*x - 1',
    '-x**2',
    '-2**x',
    '(-2)**x',
    '2**-x**2',
    '2**3**2',
    'x*2/3',
    'x/2/3',
    '-x/2*3',
    'x - -1',
    '2*x**2*-3',
    'exp(-x)*sin(x)/(1 + x**2)',
    'log(x, 2)',
    'sqrt(x)**3',
    'E**x',
    'x**(1/3)',
    '1/43',
    'pi*x**-1',
    'Abs(x) - sign(x)',
    'asinh(x)*acoth(x)',
    'x**x**x',
    '-(x + 1)**-2',
    '1/2*x',
    '1/(2*x)',
    'x/(x + 1)/(x - 1)',
    'erf(x)*Ei(x) + polylog(2, x)',
    'LambertW(x)**2',
    'cbrt(x)',
    '+x - +x',
    '0.5*x**2.5',
    'Catalan*x + EulerGamma',
    '7*zeta(3)/8 - pi**2/6',
    'x**zeta(5)*E**EulerGamma',
    '-Catalan/x',
  ];
  test('on hand-picked precedence cases', () => {
    const script = fileURLToPath(new URL('./helpers/sympyCheck.py', import.meta.url));
    const items = texts.map((t) => ({ infix: t, prefix: toPrefix(parseExpr(t)) }));
    const run = spawnSync('/usr/bin/python3', [script], { input: JSON.stringify(items), encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    const results = JSON.parse(run.stdout) as Array<{ ok: boolean; why?: string }>;
    const failures = results.flatMap((r, i) => (r.ok ? [] : [`${texts[i]}: ${r.why}`]));
    expect(failures).toEqual([]);
  });
});

describe('parseExpr: typography models and editors emit', () => {
  test('unicode operators and spaces', () => {
    expect(parseExpr('x \u2212 1')).toEqual(add(X, neg(num(1))));
    expect(parseExpr('2\u00d7x')).toEqual(mul(num(2), X));
    expect(parseExpr('2\u00b7x')).toEqual(mul(num(2), X));
    expect(parseExpr('2\u22c5x')).toEqual(mul(num(2), X));
    expect(parseExpr('x\u00f72')).toEqual(div(X, num(2)));
    expect(parseExpr('x\u00a0+\u2009\u20091')).toEqual(add(X, num(1)));
    expect(parseExpr('\u03c0')).toEqual(PI);
  });
});

describe('parseExpr: refusals point at the problem', () => {
  test('syntax errors', () => {
    expectRefused('', /empty/, 0);
    expectRefused('   ', /empty/, 3);
    expectRefused('x +', /ends too early/, 3);
    expectRefused('(x', /missing '\)'/, 2);
    expectRefused('x)', /unmatched '\)'/, 1);
    expectRefused('()', /empty parentheses/, 1);
    expectRefused('x ** * 2', /unexpected '\*'/, 5);
    expectRefused('2 3', /two numbers in a row/, 2);
    expectRefused('x^2 3', /two numbers in a row/, 4);
    expectRefused('1,2', /unexpected ','/, 1);
    expectRefused('1.2.3', /two numbers in a row/, 3);
  });

  test('functions', () => {
    expectRefused('sin x', /needs parentheses/, 0);
    expectRefused('sin^2(x)', /sin\(x\)\^2/, 0);
    expectRefused('sin()', /needs an argument/, 4);
    expectRefused('x + sin(x, 2)', /sin takes 1 argument, got 2/, 4);
    expectRefused('polylog(2)', /polylog takes 2 arguments, got 1/, 0);
    expectRefused('log(x, 2, 3)', /log takes 1 or 2 arguments, got 3/, 0);
    expectRefused('sin(x', /missing '\)'/, 5);
    expectRefused('sin(x;', /';'/, 5);
  });

  test('names outside the whitelist', () => {
    expectRefused('y', /unknown name 'y'/, 0);
    expectRefused('x + xy', /unknown name 'xy'/, 4);
    expectRefused('f(x)', /unknown function 'f'/, 0);
    expectRefused('import(x)', /unknown function 'import'/, 0);
    expectRefused('__proto__', /unknown name '__proto__'/, 0);
    expectRefused('__proto__(x)', /unknown function '__proto__'/, 0);
    expectRefused('constructor', /unknown name 'constructor'/, 0);
    expectRefused('x + constructor(x)', /unknown function 'constructor'/, 4);
    expectRefused('toString(x)', /unknown function 'toString'/, 0);
    expectRefused('hasOwnProperty(x)', /unknown function 'hasOwnProperty'/, 0);
    expectRefused('valueOf', /unknown name 'valueOf'/, 0);
    expectRefused('x.constructor', /property access/, 1);
    expectRefused('eval(x)', /unknown function 'eval'/, 0);
  });

  test('values a CAS may print that are not real numbers or not antiderivatives', () => {
    expectRefused('x + I', /imaginary unit/, 4);
    expectRefused('oo', /infinity/, 0);
    expectRefused('-zoo', /complex infinity/, 1);
    expectRefused('nan', /nan/, 0);
    expectRefused('Integral(x, x)', /unevaluated integral/, 0);
    expectRefused('x^2/2 + C', /constant of integration/, 8);
    expectRefused('\u222b x', /unevaluated integral/, 0);
  });

  test('anything that is code rather than an expression', () => {
    expectRefused('f(x)=x', /'='/, 4);
    expectRefused('a=1', /'='/, 1);
    expectRefused('[1,2]', /matrices/, 0);
    expectRefused('"s"', /strings/, 0);
    expectRefused("'s'", /strings/, 0);
    expectRefused('`s`', /strings/, 0);
    expectRefused('createUnit("a")', /strings/, 11);
    expectRefused('evaluate("1")', /strings/, 9);
    expectRefused('{x}', /braces/, 0);
    expectRefused('\\frac{1}{2}', /backslash/, 0);
    expectRefused('x; 1', /';'/, 1);
    expectRefused('x!', /factorial/, 1);
    expectRefused('|x|', /abs/, 0);
    expectRefused('x\u00b2', /superscript/, 1);
    expectRefused('\u221ax', /sqrt/, 0);
    expectRefused('x # comment', /"#" is not allowed/, 2);
    expectRefused('x => x', /'='/, 2);
  });

  test('invisible and control characters', () => {
    expectRefused('x\u0000', /NUL/, 1);
    expectRefused('x\u200b+1', /invisible or bidirectional character U\+200B/, 1);
    expectRefused('\u202ex', /U\+202E/, 0);
    expectRefused('\ufeffx', /U\+FEFF/, 0);
    expectRefused('x\u0007', /control character U\+0007/, 1);
    expectRefused('x + \ud83d\ude00', /U\+1F600/, 4);
    expectRefused('x + \ud800', /U\+D800/, 4);
  });

  test('literals', () => {
    expectRefused('1e400', /exceeds/, 0);
    expectRefused('x*1e16', /exceeds/, 2);
    expectRefused('x*1e-400', /too small/, 2);
    expectRefused('x*1e-320', /too small/, 2);
    expectRefused('x + 0.' + '0'.repeat(60) + '1', /more than 40 digits/, 4);
    expect(parseExpr('1e15')).toEqual(num(1e15));
    expect(parseExpr('0e-400')).toEqual(num(0));
  });
});

describe('parseExpr: limits on hostile sizes', () => {
  test('10,000 nested parentheses', () => {
    expectRefused('('.repeat(10_000) + 'x', /nests deeper than 200/, 200);
    expectRefused('('.repeat(10_000) + 'x' + ')'.repeat(10_000), /nests deeper than 200/, 200, { maxChars: 100_000 });
  });

  test('a 2 MB string', () => {
    const text = 'x+'.repeat(1_000_000) + 'x';
    expectRefused(text, /longer than 20000 characters/, DEFAULT_LIMITS.maxChars);
  });

  test('a literal with 10^5 digits', () => {
    const digits = '7'.repeat(100_000);
    expectRefused(digits, /longer than/, DEFAULT_LIMITS.maxChars);
    expectRefused('x + ' + digits, /more than 40 digits/, 4, { maxChars: 1_000_000 });
  });

  test('too many nodes', () => {
    // The 4001st node is the 4001st x, at offset 2 * 4000.
    expectRefused('x+'.repeat(5000) + 'x', /more than 4000 nodes/, 8000);
  });

  test('deep trees without parentheses', () => {
    expectRefused('-'.repeat(300) + 'x', /nests deeper than 200/, 100);
    // Powers nest to the right, so the limit is crossed at the 101st '^' (offset 201).
    expectRefused('x^'.repeat(300) + 'x', /nests deeper than 200/, 201);
    expectRefused('-'.repeat(10_000) + 'x', /nests deeper than 200/, 9800);
  });

  test('the depth limit is the depth of the tree (root = 1)', () => {
    expect(() => parseExpr('-'.repeat(199) + 'x')).not.toThrow();
    expectRefused('-'.repeat(200) + 'x', /nests deeper than 200/, 0);
    // 150 nested calls make a tree of depth 151: legal, however many grammar levels it takes.
    const calls = 'sin('.repeat(150) + 'x' + ')'.repeat(150);
    expect(() => parseExpr(calls)).not.toThrow();
  });

  test('signs that build no node cost nothing', () => {
    expect(parseExpr('+'.repeat(15_000) + 'x')).toEqual(X);
    expect(parseExpr('x+-+-x')).toEqual(add(X, neg(neg(X))));
  });

  test('limits can be tightened per call', () => {
    expectRefused('x + 1', /longer than 3 characters/, 3, { maxChars: 3 });
    expectRefused('x + x + x', /more than 3 nodes/, 0, { maxNodes: 3 });
    expectRefused('x + 1001', /exceeds the limit of 1000/, 4, { maxAbsLiteral: 1000 });
  });
});

describe('parseExpr: named constants', () => {
  const ZETA3 = sym('zeta(3)');
  test('Catalan, EulerGamma and zeta(n) of an integer literal are leaves', () => {
    expect(parseExpr('Catalan*x + EulerGamma')).toEqual(add(mul(sym('Catalan'), X), sym('EulerGamma')));
    expect(parseExpr('7*zeta(3)/8')).toEqual(div(mul(num(7), ZETA3), num(8)));
    expect(parseExpr('zeta(2)**2')).toEqual(pow(sym('zeta(2)'), num(2)));
    expect(parseExpr('x zeta(1000)')).toEqual(mul(X, sym('zeta(1000)')));
    expect(parseExpr('Catalan(x+1)')).toEqual(mul(sym('Catalan'), add(X, num(1))));
  });

  test('zeta of anything else is refused as before, as a function sagga does not support', () => {
    for (const text of ['zeta(x)', 'zeta(1)', 'zeta(0)', 'zeta(-2)', 'zeta(2.5)', 'zeta(2, x)', 'zeta(1001)', 'x + zeta(2*x)']) {
      const err = refusal(text);
      expect(err.message, text).toMatch(/sagga does not support the function 'zeta'/);
      expect(err.refusal, text).toBe('unsupported');
    }
    expectRefused('zeta', /unknown name 'zeta'/, 0);
  });

  test("a text that fails elsewhere is the writer's fault, not a zeta sagga does not read", () => {
    const err = refusal('zeta(3) + )');
    expect(err.message).toMatch(/unexpected '\)'/);
    expect(err.refusal).toBeUndefined();
    expect(refusal('zeta(x) + )').refusal).toBe('unsupported');
  });

  test('infinity is refused unless the caller asks for it', () => {
    for (const text of ['oo', '-oo', 'inf', 'Infinity', 'infinity', '\u221e', 'x + oo', 'oo(x)']) {
      expect(refusal(text).message, text).toMatch(/infinity is not a value/);
    }
  });

  test('asked for, infinity is read as the whole value only', () => {
    const OO = sym('oo');
    const infinity = { infinity: true };
    for (const text of ['oo', '+oo', 'inf', 'Infinity', 'infinity', '\u221e', ' oo ']) expect(parseExpr(text, undefined, infinity), text).toEqual(OO);
    for (const text of ['-oo', '\u2212oo', '-\u221e', '-(oo)']) expect(parseExpr(text, undefined, infinity), text).toEqual(neg(OO));
    expect(parseExpr('pi/2', undefined, infinity)).toEqual(div(PI, num(2)));
    expect(parseExpr('-zeta(3)', undefined, infinity)).toEqual(neg(sym('zeta(3)')));
    for (const [text, at] of [
      ['oo + 1', 0],
      ['2*oo', 2],
      ['x - oo', 4],
      ['exp(oo)', 4],
      ['oo^2', 0],
      ['--oo', 2],
    ] as const) {
      const r = tryParseExpr(text, undefined, infinity);
      expect(r.ok ? '' : `${r.error.message} @${r.error.position}`, text).toMatch(new RegExp(`only on its own.* @${at}$`));
    }
    expect(tryParseExpr('zoo', undefined, infinity).ok).toBe(false);
  });
});

describe('parseExpr: hostile answers and mathjs syntax', () => {
  test.each(HOSTILE_ANSWERS.map(([name, text]) => [name, text] as const))('%s is read or refused with a ParseError, never a crash', (_name, text) => {
    try {
      parseExpr(text);
    } catch (err) {
      expect(err).toBeInstanceOf(ParseError);
    }
  });

  test.each([
    ['{a: 1}', /braces/],
    ['1:3', /":" is not allowed/],
    ['x > 0 ? 1 : 2', /">" is not allowed/],
    ['x < 1', /"<" is not allowed/],
    ['x & 1', /"&" is not allowed/],
    ['x .* 2', /property access/],
    ['x mod 2', /unknown name 'mod'/],
    ['not x', /unknown name 'not'/],
    ['true', /unknown name 'true'/],
    ['5 cm', /unknown name 'cm'/],
    ['x % 2', /"%" is not allowed/],
    ['cos(x)[1]', /indexing/],
  ])("mathjs syntax %j is refused as the text's fault", (text, message) => {
    const err = refusal(text);
    expect(err.message).toMatch(message);
    expect(err.refusal).toBeUndefined();
  });
});

describe('tryParseExpr and ParseError', () => {
  test('never throws, whatever it is given', () => {
    // Untyped callers (JSON input) can pass anything.
    for (const bad of [undefined, null, 42, {}, ['x']] as unknown as string[]) {
      const r = tryParseExpr(bad);
      expect(r.ok).toBe(false);
    }
  });

  test('pretty() shows the excerpt with a caret under the position', () => {
    const err = refusal('x + 2*y - 1');
    expect(err.pretty().split('\n')).toEqual([err.message, '  x + 2*y - 1', '        ^']);
  });

  test('the error carries the input', () => {
    const err = refusal('x + y');
    expect(err.input).toBe('x + y');
    expect(err.name).toBe('ParseError');
  });
});

describe('SymPy spellings rewritten at parse time', () => {
  test('Rational(p, q) of integer literals is p/q', () => {
    expect(parseExpr('Rational(1, 3)*x^3')).toEqual(mul(div(num(1), num(3)), pow(X, num(3))));
    expect(parseExpr('Rational(-1, 3)')).toEqual(div(neg(num(1)), num(3)));
  });

  test('Rational refuses anything but two integer literals, and a zero denominator', () => {
    for (const bad of ['Rational(x, 3)', 'Rational(1.5, 3)', 'Rational(1)', 'Rational(1, 2, 3)']) {
      expect(tryParseExpr(bad).ok ? '' : (tryParseExpr(bad) as { error: ParseError }).error.message).toMatch(/Rational\(p, q\) takes two integer literals/);
    }
    const zero = tryParseExpr('Rational(1, 0)');
    expect(zero.ok ? '' : zero.error.message).toMatch(/division by zero/);
  });

  test('binomial(a, k) is the polynomial a(a-1)…(a-k+1)/k!, with no new function in the tree', () => {
    expect(parseExpr('binomial(x, 0)')).toEqual(num(1));
    expect(parseExpr('binomial(x, 1)')).toEqual(X);
    expect(parseExpr('binomial(x, 2)')).toEqual(mul(X, div(add(X, neg(num(1))), num(2))));
    const twenty = parseExpr('binomial(x + 1, 20)');
    expect(JSON.stringify(twenty)).not.toMatch(/binomial/);
    expect(twenty.type).toBe('mul');
  });

  test('binomial is refused past k = 20, for a non-integer or symbolic k', () => {
    for (const bad of ['binomial(x, 50)', 'binomial(x, 21)', 'binomial(x, -1)', 'binomial(x, 2.5)', 'binomial(x, x)', 'binomial(x)']) {
      const r = tryParseExpr(bad);
      expect(r.ok ? '' : r.error.message).toMatch(/binomial\(x, k\) is read only for an integer literal k from 0 to 20/);
    }
  });

  test('binomial counts its copies against the node limit', () => {
    const r = tryParseExpr('binomial(x + x + x + x + x + x + x + x, 20)', { maxNodes: 100 });
    expect(r.ok ? '' : r.error.message).toMatch(/more than 100 nodes/);
  });
});
