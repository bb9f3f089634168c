import { FUNCTIONS, lookupFunction } from './functions.js';

/**
 * Functions of mathematics that sagga knows by name but does not read or evaluate: special
 * functions beyond the whitelist of functions.ts (hypergeometric, elliptic, Bessel, Airy, zeta …),
 * and the piecewise, rounding and complex-part functions computer algebra systems print. Spellings
 * are those of SymPy, Maxima, Mathematica, mpmath/SciPy, nerdamer and Algebrite, compared without
 * regard to case.
 *
 * The list is what tells sagga's own limits from gibberish: an answer that applies one of these
 * names to arguments (`hyper((1,), (2,), x)`, `\operatorname{EllipticE}(x)`) is a real answer that
 * sagga cannot judge, so it is never counted as the model's failure; any other unknown name
 * (`foo(x)`, `y`) is the writer's, and the answer is unreadable.
 */
const NAMES = [
  // hypergeometric and Meijer G
  'hyper', 'hyp0f1', 'hyp1f1', 'hyp1f2', 'hyp2f0', 'hyp2f1', 'hyp2f2', 'hyp3f2', 'hypercomb', 'meijerg', 'appellf1',
  'hypergeometric', 'hypergeometric_regularized', 'hypergeometric0f1', 'hypergeometric1f1', 'hypergeometric2f1',
  'hypergeometricpfq', 'hypergeometricu', 'kummer_m', 'kummer_u', 'kummerm', 'kummeru', 'whittaker_m', 'whittaker_w',
  // elliptic integrals and functions
  'elliptic_k', 'elliptic_e', 'elliptic_f', 'elliptic_pi', 'elliptic_kc', 'elliptic_ec', 'elliptic_eu',
  'elliptick', 'elliptice', 'ellipticf', 'ellipticpi', 'ellipk', 'ellipe', 'ellipf', 'ellippi', 'ellipkinc', 'ellipeinc',
  'jacobi_sn', 'jacobi_cn', 'jacobi_dn', 'jacobisn', 'jacobicn', 'jacobidn', 'jacobiamplitude', 'weierstrassp',
  // Bessel, Airy, Struve and relatives
  'besselj', 'bessely', 'besseli', 'besselk', 'bessel_j', 'bessel_y', 'bessel_i', 'bessel_k',
  'hankel1', 'hankel2', 'hankel_1', 'hankel_2', 'hankelh1', 'hankelh2', 'jn', 'yn', 'jv', 'yv', 'iv', 'kv',
  'airyai', 'airybi', 'airyaiprime', 'airybiprime', 'airy_ai', 'airy_bi', 'airy_dai', 'airy_dbi',
  'struve', 'struveh', 'struvel', 'struve_h', 'struve_l', 'parabolic_cylinder_d', 'parabolicd',
  // exponential and logarithmic integrals beyond Ei, li, Si, Ci, Shi, Chi
  'expint', 'e1', 'expintegral_e', 'expintegral_e1', 'expintegrale', 'expintegralei', 'logintegral',
  'sinintegral', 'cosintegral', 'sinhintegral', 'coshintegral', 'li2', 'dilog', 'spence', 'dawson', 'dawsn', 'dawsonf',
  // error functions beyond erf, erfc, erfi
  'erf2', 'erfinv', 'erfcinv', 'erf2inv', 'inverse_erf', 'inverse_erfc', 'inverseerf', 'inverseerfc', 'erf_generalized', 'erfcx',
  'fresnel',
  // gamma, beta, zeta and relatives beyond gamma, lowergamma, uppergamma
  'loggamma', 'log_gamma', 'lgamma', 'polygamma', 'digamma', 'trigamma', 'psi', 'beta', 'betainc', 'betaincreg',
  'beta_incomplete', 'beta_incomplete_regularized', 'gamma_incomplete_regularized', 'gamma_incomplete_generalized',
  'gammaregularized', 'zeta', 'hurwitzzeta', 'dirichlet_eta', 'lerchphi', 'stieltjes', 'productlog', 'wrightomega',
  // orthogonal polynomials and spherical harmonics
  'legendre', 'assoc_legendre', 'legendrep', 'legendreq', 'hermite', 'hermiteh', 'laguerre', 'assoc_laguerre', 'laguerrel',
  'chebyshevt', 'chebyshevu', 'jacobi', 'jacobip', 'gegenbauer', 'gegenbauerc', 'ynm', 'znm', 'sphericalharmonicy',
  // combinatorial
  'factorial', 'factorial2', 'fact', 'dfactorial', 'rf', 'ff', 'risingfactorial', 'fallingfactorial', 'pochhammer', 'choose',
  // piecewise, rounding, complex parts and other non-analytic functions
  'piecewise', 'heaviside', 'heavisidetheta', 'unitstep', 'unit_step', 'diracdelta', 'dirac_delta', 'kroneckerdelta', 'step', 'rect', 'tri',
  'floor', 'ceiling', 'ceil', 'entier', 'fix', 'round', 'frac', 'mod', 'max', 'min', 'atan2', 'arctan2',
  're', 'im', 'arg', 'realpart', 'imagpart', 'carg', 'conjugate', 'exp_polar', 'polar_lift', 'periodic_argument', 'unpolarify',
  'sinc', 'charfun', 'mathieus', 'mathieuc', 'marcumq',
  // unevaluated constructs a CAS may print inside an answer
  'rootsum', 'rootof', 'crootof', 'lambda', 'subs', 'derivative', 'limit', 'sum', 'product',
] as const;

const KNOWN = new Set<string>(NAMES);

// The whitelist's names and aliases in lower case: `Sin`, `ERF` or SymPy's `Li` (the offset
// logarithmic integral li(x) − li(2), not li) name known functions in a spelling sagga does not read.
const WHITELIST = new Set<string>([...FUNCTIONS.values()].flatMap((f) => [f.name, ...f.aliases].map((n) => n.toLowerCase())));

/**
 * Is `name` a function sagga recognises but does not support: one of the names above, or a name of
 * the whitelist written in another case? Never true for a spelling the whitelist reads.
 */
export function isUnsupportedFunction(name: string): boolean {
  if (name.length > 40 || lookupFunction(name) !== undefined) return false;
  const lower = name.toLowerCase();
  return KNOWN.has(lower) || WHITELIST.has(lower);
}
