import { ALL_FUNCTIONS } from '../../expr/functions.js';
import type { AnswerReading } from '../answerReading.js';
import type { ReadOptions } from '../../expr/readOptions.js';
import { readCasOutput, type CasOutputDialect } from '../cas/readCasOutput.js';

// readCasOutput reads identifiers of letters, digits and '_'; Maxima's constants start with '%'.
// They are renamed to this prefix first (Maxima names never start with it), then mapped by name.
const PCT = 'maxima_pct_';

const maximaOutput: CasOutputDialect = {
  system: 'Maxima',
  names: new Map<string, string>([
    // Maxima spells these as we do (asin, acot, asech, sec, csch, abs, erf, erfi, gamma …).
    ...ALL_FUNCTIONS.filter((n) => n !== 'sign' && n !== 'li' && n !== 'polylog').map((n): [string, string] => [n, n]),
    ['x', 'x'],
    [`${PCT}e`, 'e'],
    [`${PCT}pi`, 'pi'],
    [`${PCT}catalan`, 'Catalan'],
    [`${PCT}gamma`, 'EulerGamma'],
    ['zeta', 'zeta'],
    ['signum', 'sign'],
    ['expintegral_ei', 'Ei'],
    ['expintegral_li', 'li'],
    ['expintegral_si', 'Si'],
    ['expintegral_ci', 'Ci'],
    ['expintegral_shi', 'Shi'],
    ['expintegral_chi', 'Chi'],
    ['gamma_incomplete_lower', 'lowergamma'],
    ['gamma_incomplete', 'uppergamma'],
    ['fresnel_s', 'fresnels'],
    ['fresnel_c', 'fresnelc'],
    ['lambert_w', 'LambertW'],
    ['polylog', 'polylog'], // written by the li[s](z) rewrite below
  ]),
  imaginaryUnit: `${PCT}i`,
  refusals: new Map([
    ['integrate', { status: 'no-answer', reason: 'Maxima returned the integral unevaluated' }],
    ['inf', { status: 'unparseable', reason: 'Maxima answered with infinity' }],
    ['minf', { status: 'unparseable', reason: 'Maxima answered with minus infinity' }],
    ['infinity', { status: 'unparseable', reason: 'Maxima answered with complex infinity' }],
    ['und', { status: 'unparseable', reason: 'Maxima answered "undefined"' }],
    ['ind', { status: 'unparseable', reason: 'Maxima answered "indeterminate"' }],
  ] as const),
};

/**
 * Read Maxima's one-line output (`display2d:false`, `string(F)`) into our tree: `%e`, `%pi`,
 * `signum`, `expintegral_ei`, `gamma_incomplete`, `li[s](z)` … become our names; `'integrate(…)` is a
 * no-answer; `%i` is read through the answer's real form (an answer with none is not judged: status
 * `unjudged`); names without an exact counterpart (atan2, expintegral_e, hypergeometric …) make it
 * `unparseable`.
 */
export function fromMaxima(output: string, options?: ReadOptions): AnswerReading {
  const text = output
    .replace(/%([A-Za-z_][A-Za-z0-9_]*)/g, `${PCT}$1`)
    // li[2](z) → polylog(2,z): only the head changes, the argument list stays where it is.
    .replace(/\bli\[([^[\]()]{1,40})\]\(/g, 'polylog($1,');
  const read = readCasOutput(text, maximaOutput, options);
  if (read.status === 'ok') return { status: 'ok', expr: read.expr };
  return { status: read.status, error: read.error.split(PCT).join('%') };
}
