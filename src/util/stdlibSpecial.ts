import { createRequire } from 'node:module';

/**
 * The special functions taken from @stdlib, each loaded on its first call. A stdlib function pulls in
 * a hundred or more small modules (erfc alone ~130, a fifth of a second to load), and most commands
 * (`--version`, `check` on an elementary pair) never evaluate one.
 */
const require = createRequire(import.meta.url);

type Unary = (x: number) => number;
type IncompleteGamma = (x: number, s: number, regularized: boolean, upper: boolean) => number;

function lazy<F>(id: string): () => F {
  let loaded: F | undefined;
  return () => (loaded ??= require(id) as F);
}

const loadErf = lazy<Unary>('@stdlib/math-base-special-erf');
const loadErfc = lazy<Unary>('@stdlib/math-base-special-erfc');
const loadGamma = lazy<Unary>('@stdlib/math-base-special-gamma');
const loadDigamma = lazy<Unary>('@stdlib/math-base-special-digamma');
const loadGammainc = lazy<IncompleteGamma>('@stdlib/math-base-special-gammainc');

export const erf: Unary = (x) => loadErf()(x);
export const erfc: Unary = (x) => loadErfc()(x);
export const gamma: Unary = (x) => loadGamma()(x);
export const digamma: Unary = (x) => loadDigamma()(x);
/** stdlib's argument order: gammainc(x, s, regularized, upper). */
export const gammainc: IncompleteGamma = (x, s, regularized, upper) => loadGammainc()(x, s, regularized, upper);
