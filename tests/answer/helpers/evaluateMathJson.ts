/**
 * Evaluate compute-engine MathJSON at x with plain Math, for cross-checking the LaTeX reader in tests.
 * Throws on any head it does not know.
 */
type Json = unknown;

const UNARY: Record<string, (a: number) => number> = {
  Sin: Math.sin,
  Cos: Math.cos,
  Tan: Math.tan,
  Sec: (a) => 1 / Math.cos(a),
  Csc: (a) => 1 / Math.sin(a),
  Cot: (a) => 1 / Math.tan(a),
  Arcsin: Math.asin,
  Arccos: Math.acos,
  Arctan: Math.atan,
  Sinh: Math.sinh,
  Cosh: Math.cosh,
  Tanh: Math.tanh,
  Arsinh: Math.asinh,
  Arcosh: Math.acosh,
  Artanh: Math.atanh,
  Ln: Math.log,
  Exp: Math.exp,
  Sqrt: Math.sqrt,
  Abs: Math.abs,
  Negate: (a) => -a,
};

const INVERSE: Record<string, (a: number) => number> = { Sin: Math.asin, Cos: Math.acos, Tan: Math.atan, Sinh: Math.asinh };

export function evaluateMathJson(e: Json, x: number): number {
  if (typeof e === 'number') return e;
  if (typeof e === 'string') {
    if (e === 'x') return x;
    if (e === 'Pi') return Math.PI;
    if (e === 'e' || e === 'ExponentialE') return Math.E;
    if (e === 'Half') return 0.5;
    throw new Error(`unknown symbol ${e}`);
  }
  if (typeof e === 'object' && e !== null && !Array.isArray(e) && 'num' in e) return Number((e as { num: string }).num);
  if (!Array.isArray(e) || typeof e[0] !== 'string') {
    if (Array.isArray(e) && Array.isArray(e[0]) && e[0][0] === 'InverseFunction' && typeof e[0][1] === 'string' && INVERSE[e[0][1]]) {
      return INVERSE[e[0][1]](evaluateMathJson(e[1], x));
    }
    throw new Error(`unknown expression ${JSON.stringify(e)}`);
  }
  const [head, ...args] = e as [string, ...Json[]];
  const v = (i: number): number => evaluateMathJson(args[i], x);
  switch (head) {
    case 'Add':
      return args.reduce<number>((s, _a, i) => s + v(i), 0);
    case 'Multiply':
    case 'InvisibleOperator':
      return args.reduce<number>((s, _a, i) => s * v(i), 1);
    case 'Subtract':
      return v(0) - v(1);
    case 'Divide':
    case 'Rational':
      return v(0) / v(1);
    case 'Power':
      return Math.pow(v(0), v(1));
    case 'Root':
      return Math.pow(v(0), 1 / v(1));
    case 'Delimiter':
      if (args.length !== 1) throw new Error('delimiter with several arguments');
      return v(0);
    case 'Log':
      return args.length === 1 ? Math.log10(v(0)) : Math.log(v(0)) / Math.log(v(1));
    case 'Apply':
      return evaluateMathJson([args[0], args[1]], x);
  }
  if (UNARY[head] && args.length === 1) return UNARY[head](v(0));
  throw new Error(`unknown head ${head}`);
}
