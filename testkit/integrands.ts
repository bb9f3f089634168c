import { createRng, type Rng } from '../src/util/rng.js';

/**
 * A fixed, seeded set of integrands of the kinds SAGGA's mutations produce (integer coefficients,
 * elementary functions, products and compositions), plus the reference code's validation problems.
 * Used to run the real SymPy and Maxima and check that their answers read back correctly: the
 * reference problems first, then integrands of kinds drawn at random (three in ten of the harder
 * kinds), repeats included.
 */
export function integrands(count: number, seed = 'sagga-cas-conversions'): string[] {
  const out = [...REFERENCE];
  for (const drawn of draws(seed)) {
    if (out.length >= count) break;
    out.push(drawn.text);
  }
  return out.slice(0, count);
}

/**
 * Of `integrands(count, seed)`, the reference problems and the first integrand of each kind: the
 * same problems and kinds, each kind once, without the repeats a random draw makes.
 */
export function integrandsOfEachKind(count: number, seed = 'sagga-cas-conversions'): string[] {
  const first = new Map<number, string>();
  let drawn = REFERENCE.length;
  for (const { kind, text } of draws(seed)) {
    if (drawn++ >= count) break;
    if (!first.has(kind)) first.set(kind, text);
  }
  return [...REFERENCE.slice(0, count), ...first.values()];
}

/** Integrands drawn one after another from `seed`, each with its kind (its index among all kinds). */
function* draws(seed: string): Generator<{ readonly kind: number; readonly text: string }> {
  const rng = createRng(seed);
  const { templates, hard } = kinds(rng);
  for (;;) {
    const isHard = rng.next() < 0.3;
    const index = rng.int(0, (isHard ? hard : templates).length - 1);
    yield isHard ? { kind: templates.length + index, text: hard[index]() } : { kind: index, text: templates[index]() };
  }
}

/** The makers of each kind of integrand, drawing their numbers and functions from `rng`. */
function kinds(rng: Rng): { readonly templates: readonly (() => string)[]; readonly hard: readonly (() => string)[] } {
  const c = (lo = 1, hi = 9): number => rng.int(lo, hi);
  const sc = (): string => {
    const v = rng.int(-9, 9) || 1;
    return v < 0 ? `(${v})` : String(v);
  };
  const f1 = (): string => rng.pick(['sin', 'cos', 'exp', 'sinh', 'cosh', 'tan', 'atan', 'asinh']);
  const templates: (() => string)[] = [
    () => `${sc()}*x^${c(2, 9)} + ${sc()}*x + ${sc()}`,
    () => `${sc()}*${f1()}(${c()}*x + ${sc()})`,
    () => `x^${c(1, 4)}*${rng.pick(['sin', 'cos', 'exp', 'sinh'])}(${c()}*x)`,
    () => `${rng.pick(['sin', 'cos', 'exp'])}(${c()}*x)*${rng.pick(['sin', 'cos', 'exp'])}(${c()}*x)`,
    () => `(${sc()}*x + ${sc()})/(x^2 + ${c()})`,
    () => `1/((x + ${c()})*(x + ${c(10, 19)}))`,
    () => `${sc()}/(${c()}*x + ${c()})`,
    () => `exp(${c()}*x)*sin(${c()}*x)`,
    () => `x*exp(${c()}*x^2)`,
    () => `x/sqrt(x^2 + ${c()})`,
    () => `sqrt(${c()}*x + ${c()})`,
    () => `sin(x)^${c(2, 5)}*cos(x)`,
    () => `log(${c()}*x)*x^${c(0, 3)}`,
    () => `x*atan(${c()}*x)`,
    () => `${sc()}*x^${c(2, 5)}*log(x)`,
    () => `(${sc()}*x^2 + ${sc()})/(x + ${c()})`,
    () => `${sc()}*tan(${c()}*x)^2`,
    () => `cos(x)/(${c(2, 5)} + sin(x))`,
    () => `exp(x)/(1 + exp(x))`,
    () => `${sc()}*x*cos(${c()}*x^2) + ${sc()}`,
    () => `1/(x^2 - ${c() ** 2})`,
    () => `x^${c(2, 3)}*sqrt(x)`,
    () => `sec(${c()}*x)^2 + ${sc()}*x`,
    () => `log(x)/x`,
    () => `${sc()}*exp(-x)*x^${c(1, 3)}`,
  ];
  // Harder ones: special-function answers, complex intermediate forms, piecewise results,
  // unevaluated integrals, big rational coefficients.
  const hard: (() => string)[] = [
    () => `exp(${sc()}*x^2)`,
    () => `${rng.pick(['sin', 'cos', 'sinh', 'cosh', 'exp'])}(${c()}*x)/x`,
    () => `1/log(${c()}*x)`,
    () => `exp(${sc()}*x^2)*${rng.pick(['sin', 'cos'])}(x)`,
    () => `${rng.pick(['sin', 'cos'])}(${c()}*x^2)`,
    () => `1/(x^3 + ${c()})`,
    () => `1/(x^4 + ${c()})`,
    () => `1/sqrt(x^2 - ${c()})`,
    () => `sqrt(${c()} - x^2)`,
    () => `abs(x)*${sc()}`,
    () => `sqrt(tan(x))`,
    () => `x^x`,
    () => `1/(${c(2, 5)} + sin(x))`,
    () => `log(sin(x))`,
    () => `x^${c(6, 12)}*exp(${c()}*x)*sin(x)`,
    () => `erf(${c()}*x)`,
    () => `log(x)^${c(2, 3)}`,
    () => `asin(x)^2`,
    () => `acosh(${c()}*x)`,
    () => `1/(x*sqrt(x^2 - 1))`,
    () => `exp(x)/x + ${sc()}`,
    () => `log(1 + x)/x`,
    () => `x/(exp(x) + 1)`,
    () => `sin(x)^${c(5, 9)}*cos(x)^${c(4, 8)}`,
    () => `exp(sin(x))`,
  ];
  return { templates, hard };
}

/** The reference code's validation problems. */
const REFERENCE: readonly string[] = [
  '-x - 3 + sqrt(3)',
  'x + (sqrt(2)*sqrt(x)/4 + 6*x + 3/x)^2',
  '4*x^5',
  'x/(x*(2*x + (x^2 + x)/x) + x)',
  'sqrt(3*x + 3) - 2',
  'x^2*exp(-2*x)',
  'tan(exp(2))/(18*x)',
  '-3*x^3 + x + 10/x',
  'x/(log(cos(5)) + 1/(2*x^2))',
];
