// The one non-polynomial substitution the model knows: x^(k-1)·c^(x^k) = (c^(x^k))'/(k·log c).
// Without it the model would decline x*c^(x^2), a common mutant whose antiderivative every CAS finds.
import { exponentialBase, integerIn } from './matchers.mjs';
import * as Q from './rational.mjs';
import { isX } from './terms.mjs';

/** x^(k-1), written x when k = 2: returns k. */
function powerBelow(e) {
  if (isX(e)) return 2;
  if (e.type !== 'pow' || !isX(e.args[0])) return null;
  const m = integerIn(e.args[1], 2, 999);
  return m === null ? null : m + 1;
}

/** An antiderivative of a term core x^(k-1)·c^(x^k) (k ≥ 2, c > 0, c ≠ 1) as infix, or null. */
export function integrateBySubstitution(core) {
  if (core.type !== 'mul' || core.args.length !== 2) return null;
  for (const [u, v] of [core.args, [...core.args].reverse()]) {
    const k = powerBelow(u);
    if (k === null || v.type !== 'pow' || v.args[1].type !== 'pow' || !isX(v.args[1].args[0])) continue;
    const c = exponentialBase(v.args[0]);
    if (c === null || integerIn(v.args[1].args[1], k, k) === null) continue;
    return `${Q.printRat(c)}^x^${k}/(${k}*log(${Q.printRat(c)}))`;
  }
  return null;
}
