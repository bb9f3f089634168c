// A model under test built from a table of planted bugs over a correct integrator: every top-level
// term whose core matches a bug gets that bug's wrong antiderivative, the rest is integrated
// exactly, and a problem with any term beyond the integrator is declined.
import { integrateSum } from './integrateSum.mjs';
import { combine } from './expSum.mjs';
import { normalize } from './normalize.mjs';
import { parseExpr, toInfix } from './sagga.mjs';
import { integrateBySubstitution } from './substitution.mjs';
import { problemTerms } from './terms.mjs';

/** Longer problems are declined unread (the search's problems are at most 100 characters). */
const MAX_PROBLEM_CHARS = 2000;
/** Longer answers are declined (sagga's readers stop at 20,000 characters). */
const MAX_ANSWER_CHARS = 15_000;

const decline = (reason) => ({ answers: [], reason, bugs: [] });

/** `(-1)*(3)*(G)`: a term's constant factor applied to an antiderivative G of its core. */
function scaled(term, wrong) {
  const factors = term.literals.map((l) => `(${toInfix(l)})`);
  if (term.negative) factors.unshift('(-1)');
  return factors.length === 0 ? `(${wrong})` : `(${factors.join('*')}*(${wrong}))`;
}

/**
 * termBugs: [{ id, signature, match(core) → facts or null, wrong(facts, core) → infix }], at most
 * one per signature; problemBugs: [{ id, match(terms) → index of the term whose antiderivative the
 * bug leaves out, or -1 }]. Returns answer(problem) → { answers, reason?, bugs: ids that fired }.
 */
export function createModel({ termBugs = [], problemBugs = [] }) {
  const bySignature = new Map(termBugs.map((b) => [b.signature, b]));
  return function answer(problem) {
    if (typeof problem !== 'string') return decline('the problem is not a string');
    if (problem.length > MAX_PROBLEM_CHARS) return decline('the problem is too long');
    let tree;
    try {
      tree = parseExpr(problem);
    } catch (err) {
      return decline(`unreadable problem: ${err instanceof Error ? err.message : String(err)}`);
    }
    const terms = problemTerms(tree);
    const fired = [];
    const dropped = new Set();
    for (const bug of problemBugs) {
      const i = bug.match(terms);
      if (i >= 0) {
        dropped.add(i);
        fired.push(bug.id);
      }
    }
    const exact = [];
    const substituted = [];
    const wrong = [];
    for (let i = 0; i < terms.length; i++) {
      if (dropped.has(i)) continue;
      const term = terms[i];
      const bug = term.core === null ? undefined : bySignature.get(term.shape);
      const facts = bug === undefined ? null : bug.match(term.core);
      if (facts !== null) {
        wrong.push(scaled(term, bug.wrong(facts, term.core)));
        if (!fired.includes(bug.id)) fired.push(bug.id);
        continue;
      }
      const s = normalize(term.expr);
      if (s !== null) {
        exact.push(...s);
        continue;
      }
      const G = term.core === null ? null : integrateBySubstitution(term.core);
      if (G === null) return decline(`cannot integrate ${toInfix(term.expr)}`);
      substituted.push(scaled(term, G));
    }
    const sum = combine(exact);
    const F = sum === null ? null : integrateSum(sum);
    if (F === null) return decline('beyond the integrator');
    const rest = [...substituted, ...wrong];
    const text = [...(F === '0' && rest.length > 0 ? [] : [F]), ...rest].join(' + ');
    if (text.length > MAX_ANSWER_CHARS) return decline('the answer would be too long');
    return { answers: [text], bugs: fired };
  };
}
