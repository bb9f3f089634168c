import { MAX_ZETA_ORDER } from '../../expr/constants.js';
import type { ReadOptions } from '../../expr/readOptions.js';
import { readCasOutput, type CasConversion, type CasOutputDialect } from '../cas/readCasOutput.js';

const SAME = [
  'x',
  'e',
  'pi',
  'Catalan',
  'EulerGamma',
  'exp',
  'log',
  'sqrt',
  'cbrt',
  'abs',
  'sign',
  'sin',
  'cos',
  'tan',
  'sec',
  'csc',
  'cot',
  'asin',
  'acos',
  'atan',
  'asec',
  'acsc',
  'acot',
  'sinh',
  'cosh',
  'tanh',
  'sech',
  'csch',
  'coth',
  'asinh',
  'acosh',
  'atanh',
  'asech',
  'acsch',
  'acoth',
  'erf',
  'Si',
  'Ci',
  'Ei',
  'Shi',
  'Chi',
];

const nerdamerOutput: CasOutputDialect = {
  system: 'nerdamer',
  names: new Map<string, string>([
    ...SAME.map((n): [string, string] => [n, n]),
    ['arcsin', 'asin'],
    ['arccos', 'acos'],
    ['arctan', 'atan'],
    // nerdamer's Li(x) is Ei(log(x)), the logarithmic integral li; its Fresnel S and C use the
    // sin(pi*t^2/2) normalization, as SymPy's fresnels/fresnelc do.
    ['Li', 'li'],
    ['S', 'fresnels'],
    ['C', 'fresnelc'],
    // ζ(n), sent as the symbol zeta_n (toNerdamer).
    ...Array.from({ length: MAX_ZETA_ORDER - 1 }, (_, k): [string, string] => [`zeta_${k + 2}`, `zeta(${k + 2})`]),
  ]),
  imaginaryUnit: 'i',
  refusals: new Map([
    ['integrate', { status: 'no-answer', reason: 'nerdamer returned the integral (partly) unevaluated' }],
    ['Infinity', { status: 'unparseable', reason: "nerdamer's answer contains Infinity" }],
    ['NaN', { status: 'unparseable', reason: "nerdamer's answer contains NaN" }],
  ] as const),
};

/** Read nerdamer's printed antiderivative (`toString()`) into our tree, exactly or not at all. */
export function fromNerdamer(output: string, options?: ReadOptions): CasConversion {
  return readCasOutput(output, nerdamerOutput, options);
}
