import type { ReadOptions } from '../../expr/readOptions.js';
import { readCasOutput, type CasConversion, type CasOutputDialect } from '../cas/readCasOutput.js';

const SAME = ['x', 'pi', 'exp', 'log', 'sqrt', 'abs', 'sin', 'cos', 'tan', 'sinh', 'cosh', 'tanh', 'erf', 'erfc', 'Catalan', 'EulerGamma', 'zeta'];

const algebriteOutput: CasOutputDialect = {
  system: 'Algebrite',
  names: new Map<string, string>([
    ...SAME.map((n): [string, string] => [n, n]),
    ['e', 'e'], // Algebrite prints exp(1) as e
    ['arcsin', 'asin'],
    ['arccos', 'acos'],
    ['arctan', 'atan'],
    ['arcsinh', 'asinh'],
    ['arccosh', 'acosh'],
    ['arctanh', 'atanh'],
    ['sgn', 'sign'],
    ['Gamma', 'gamma'],
  ]),
  imaginaryUnit: 'i',
  refusals: new Map([
    ['integral', { status: 'no-answer', reason: 'Algebrite returned the integral unevaluated' }],
    ['nil', { status: 'unparseable', reason: 'Algebrite answered nil' }],
  ] as const),
  message: (text) => {
    // Algebrite reports failures as text: "Stop: integral: sorry, could not find a solution",
    // "Unsupported function sec", and for syntax errors "Stop: syntax error, …".
    if (text.startsWith('Stop:')) return `Algebrite: ${text.slice(5).trim()}`;
    if (text.startsWith('Unsupported function')) return `Algebrite: ${text}`;
    return undefined;
  },
};

/** Read Algebrite's printed antiderivative (`run(...)`) into our tree, exactly or not at all. */
export function fromAlgebrite(output: string, options?: ReadOptions): CasConversion {
  return readCasOutput(output, algebriteOutput, options);
}
