import { describe, expect, test } from 'vitest';
import { ALL_FUNCTIONS, fnInfo, type FnName } from '../../../src/expr/functions.js';
import { parseExpr } from '../../../src/expr/parse.js';
import { SEARCH_VERIFY_OPTIONS } from '../../../src/verify/types.js';
import { verifyPair } from '../../../src/verify/verifyPair.js';
import { toInfix } from '../../../src/expr/toInfix.js';
import { ANSWER_LIMITS } from '../../../src/targets/answerReading.js';
import { fromMaxima } from '../../../src/targets/maxima/fromMaxima.js';
import { toMaxima } from '../../../src/targets/maxima/toMaxima.js';
import { packageFile } from '../../../src/util/packageFile.js';
import { runProbe } from '../../../src/targets/process/runProbe.js';
import { maximaOrSkip, sympyOrSkip } from '../../helpers/requirePackage.js';

const MAXIMA = '/usr/bin/maxima';
const PYTHON = '/usr/bin/python3';

// An argument at which every whitelisted function is real and defined (x = 0.41).
function sample(name: FnName): string {
  if (name === 'polylog') return 'polylog(2, x)';
  if (name === 'lowergamma' || name === 'uppergamma') return `${name}(2, x + 1)`;
  if (['asin', 'acos', 'atanh', 'asech'].includes(name)) return `${name}(x)`;
  expect(fnInfo(name).arity).toEqual([1]);
  return `${name}(x + 2)`;
}

// The check asks Maxima and SymPy the same functions: it needs both.
const MAXIMA_AND_SYMPY = maximaOrSkip() && sympyOrSkip();

describe('toMaxima', () => {
  test.runIf(MAXIMA_AND_SYMPY)('every whitelisted function reaches Maxima as the same function SymPy evaluates', async () => {
    // Catalan's constant is only a symbol to Maxima (float leaves %catalan as it is).
    const texts = [...ALL_FUNCTIONS.map(sample), '2*x^3 - x/(x + 1) + e^x - pi*sqrt(x)', '-x^-2 + (-3)^2 + 0.25*x', 'EulerGamma*x + zeta(3) - zeta(2)*x^2'];
    const exprs = texts.map((t) => parseExpr(t));
    const script = ['display2d:false$', ...exprs.map((e) => `printf(true, "~a~%", string(float(subst(x = 0.41, ${toMaxima(e)}))))$`)].join('\n');
    const maxima = await runProbe([MAXIMA, '--very-quiet', '--disable-readline'], script);
    expect(maxima.ok).toBe(true);
    const fromMaximaValues = (maxima.ok ? maxima.stdout : '')
      .trim()
      .split('\n')
      .map((l) => Number(l.trim()));
    expect(fromMaximaValues).toHaveLength(texts.length);

    // SymPy evaluates the same problems from our canonical infix through the worker's namespace.
    const py = [
      'import sys, json',
      `sys.path.insert(0, ${JSON.stringify(packageFile('src/targets/sympy'))})`,
      'import sympy, sympy_worker',
      'from sympy.parsing.sympy_parser import parse_expr, standard_transformations, convert_xor',
      'x, local, glob = sympy_worker.build_namespace(sympy)',
      'for line in sys.stdin:',
      '    f = parse_expr(line.strip(), local_dict=dict(local), global_dict=dict(glob), transformations=standard_transformations + (convert_xor,))',
      '    print(repr(float(sympy.N(f.subs(x, sympy.Rational(41, 100)), 20))))',
    ].join('\n');
    const sympy = await runProbe([PYTHON, '-c', py], exprs.map((e) => toInfix(e)).join('\n') + '\n');
    expect(sympy.ok ? '' : sympy.reason).toBe('');
    const fromSympy = (sympy.ok ? sympy.stdout : '').trim().split('\n').map(Number);
    texts.forEach((t, i) => {
      const a = fromMaximaValues[i];
      const b = fromSympy[i];
      expect(Number.isFinite(a), `${t}: Maxima gave ${a}`).toBe(true);
      expect(Math.abs(a - b), `${t}: Maxima ${a}, SymPy ${b}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(b)));
    });
  });
});

describe('fromMaxima', () => {
  const same = (maxima: string, ours: string) => {
    const r = fromMaxima(maxima);
    expect(r.status, `${maxima}: ${r.status === 'ok' ? '' : r.error}`).toBe('ok');
    if (r.status === 'ok') expect(toInfix(r.expr)).toBe(toInfix(parseExpr(ours, ANSWER_LIMITS)));
  };

  test('constants, renamed functions and the polylogarithm read as our names', () => {
    same('%e^x^2/2', 'e^(x^2)/2');
    same('(((-x^2)-1)*%e^-x^2)/2', '((-x^2 - 1)*e^(-x^2))/2');
    same('(sqrt(%pi)*erfi(x))/2', 'sqrt(pi)*erfi(x)/2');
    same('expintegral_ei(log(x))+signum(x)', 'Ei(log(x)) + sign(x)');
    same('log(x)*log(x+1)+li[2](-x)', 'log(x)*log(x + 1) + polylog(2, -x)');
    same('gamma_incomplete(2,x)-gamma_incomplete_lower(3,x)', 'uppergamma(2, x) - lowergamma(3, x)');
    same('cos((%pi*x^2)/2)/%pi+x*fresnel_s(x)+lambert_w(x)', 'cos(pi*x^2/2)/pi + x*fresnels(x) + LambertW(x)');
    same('expintegral_si(x)+expintegral_ci(x)+expintegral_shi(x)+expintegral_chi(x)+expintegral_li(x)', 'Si(x) + Ci(x) + Shi(x) + Chi(x) + li(x)');
    same('-(75191683527748614375*x^5)/2', '-(75191683527748614375*x^5)/2');
    same('(%catalan*x^2)/2+%gamma*x+zeta(3)', 'Catalan*x^2/2 + EulerGamma*x + zeta(3)');
    same('6.537984174353512E-4*x', '0.0006537984174353512*x');
  });

  test('unevaluated integrals are no-answers; %i without a real form and atan2 are not judged; other unknown names are unparseable', () => {
    expect(fromMaxima("'integrate(x^x,x)")).toMatchObject({ status: 'no-answer' });
    expect(fromMaxima("x+'integrate(exp(sin(x)),x)")).toMatchObject({ status: 'no-answer' });
    // Maxima's ∫ cos(x)/x dx: an incomplete gamma function of an imaginary argument has no real form here.
    expect(fromMaxima('-(%i*gamma_incomplete(0,%i*x))/2')).toMatchObject({
      status: 'unjudged',
      error: expect.stringMatching(/imaginary unit.*not a model failure/),
    });
    // %i with a real form is read through it: -(sqrt(%pi)*%i*erf(%i*x))/2 is sqrt(pi)*erfi(x)/2.
    const erfi = fromMaxima('-(sqrt(%pi)*%i*erf(%i*x))/2');
    expect(erfi.status).toBe('ok');
    if (erfi.status === 'ok') expect(verifyPair(parseExpr('exp(x^2)'), erfi.expr, SEARCH_VERIFY_OPTIONS).verdict).toBe('correct');
    // atan2 is a function sagga knows but does not support: Maxima's answer may be right, so it is not judged.
    expect(fromMaxima('2*%i*x*atan2(sin(x),cos(x)+1)')).toMatchObject({ status: 'unjudged' });
    expect(fromMaxima('atan2(sin(x),cos(x)+1)')).toMatchObject({ status: 'unjudged', error: expect.stringContaining('atan2') });
    expect(fromMaxima('hypergeometric([1],[2],x)*x')).toMatchObject({ status: 'unjudged', error: expect.stringContaining('hypergeometric') });
    expect(fromMaxima('x*%phi')).toMatchObject({ status: 'unparseable', error: expect.stringContaining('%phi') });
    expect(fromMaxima('inf')).toMatchObject({ status: 'unparseable' });
    expect(fromMaxima('sign(x)')).toMatchObject({ status: 'unparseable' }); // Maxima's sign() answers pos/neg/zero
    expect(fromMaxima('')).toMatchObject({ status: 'no-answer' });
  });
});
