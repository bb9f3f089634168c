import { toInfix } from '../../expr/toInfix.js';
import { add, fn, hasX, neg, num, type Expr } from '../../expr/types.js';

/** Most subtrees collected: a bigger tree's critical points are looked for among the first ones. */
export const MAX_CRITICAL_SUBTREES = 32;

/**
 * The expressions in x whose zeros are where `integrand` may stop being smooth, finite or real: the
 * denominators, the bases of negative and fractional powers, the arguments of abs, sign, sqrt, cbrt
 * and log, cos u for tan u and sec u, sin u for cot u and csc u, u ∓ 1 for asin, acos, atanh, acosh
 * and their kin. Quadrature splits the interval at these zeros (a kink or an endpoint singularity at
 * the end of a panel costs tanh-sinh nothing), and the convergence check looks for infinities there.
 * Each subtree is listed once, in the order first met.
 */
export function criticalSubtrees(integrand: Expr): Expr[] {
  const found = new Map<string, Expr>();
  const note = (g: Expr) => {
    if (found.size >= MAX_CRITICAL_SUBTREES || !hasX(g)) return;
    const key = toInfix(g);
    if (!found.has(key)) found.set(key, g);
  };
  const minus = (u: Expr, c: number) => add(u, neg(num(c)));
  const plus = (u: Expr, c: number) => add(u, num(c));
  const stack: Expr[] = [integrand];
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (e.type === 'num' || e.type === 'sym') continue;
    for (let i = e.args.length - 1; i >= 0; i--) stack.push(e.args[i]);
    if (!hasX(e)) continue;
    switch (e.type) {
      case 'div':
        note(e.args[1]);
        break;
      case 'pow': {
        const [base, exponent] = e.args;
        const integerPower = exponent.type === 'num' && Number.isInteger(exponent.value) && exponent.value >= 0;
        if (!integerPower) note(base);
        break;
      }
      case 'fn': {
        const u = e.args[0];
        switch (e.name) {
          case 'abs':
          case 'sign':
          case 'sqrt':
          case 'cbrt':
          case 'log':
          case 'coth':
          case 'csch':
          case 'acot':
          case 'Ei':
          case 'Ci':
          case 'Chi':
            note(u);
            break;
          case 'li':
            note(u);
            note(minus(u, 1));
            break;
          case 'tan':
          case 'sec':
            note(fn('cos', u));
            break;
          case 'cot':
          case 'csc':
            note(fn('sin', u));
            break;
          case 'asin':
          case 'acos':
          case 'atanh':
          case 'acoth':
          case 'asec':
          case 'acsc':
            note(minus(u, 1));
            note(plus(u, 1));
            if (e.name === 'asec' || e.name === 'acsc' || e.name === 'acoth') note(u);
            break;
          case 'acosh':
            note(minus(u, 1));
            break;
          case 'asech':
          case 'acsch':
            note(u);
            note(minus(u, 1));
            break;
          default:
            break;
        }
        break;
      }
      default:
        break;
    }
  }
  return [...found.values()];
}
