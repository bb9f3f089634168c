// A model under test built from a table of planted bugs over a correct integrator: every top-level
// term whose core matches a bug gets that bug's wrong antiderivative, the rest is integrated
// exactly, and a problem with any term beyond the integrator is declined.
import { integrateSum } from './integrateSum.mjs';
import { asRational, combine } from './expSum.mjs';
import { subtrees } from './matchers.mjs';
import { normalize } from './normalize.mjs';
import { parseExpr, toInfix } from './sagga.mjs';
import { isLiteral, problemTerms } from './terms.mjs';

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

/** A sum's term without its coefficient, as a key: like terms (x*x and 3*x^2) have the same. */
function termBody(t) {
  const s = normalize(t);
  if (s !== null && s.length === 1) return JSON.stringify({ ...s[0], c: null }, (_, v) => (typeof v === 'bigint' ? String(v) : v));
  for (; t.type === 'neg'; t = t.args[0]);
  if (t.type === 'mul') {
    const rest = t.args.filter((a) => !isLiteral(a));
    if (rest.length === 1) return termBody(rest[0]);
  }
  return toInfix(t);
}

/**
 * Why the model declines what it cannot read cleanly, or null: a power of numbers it does not
 * evaluate (sagga folds the ones that stay small); inside a term, a power of a power of anything
 * but x or a number ((x + 1)^2)^3, a sum with two like terms (x - 3*x), or a part whose x cancels
 * out (x/x, 5/x*x, x^2*(x + 1)*(3/x^2), (x + 1)/(x + 1)).
 */
function unreadable(tree, terms) {
  for (const s of subtrees(tree)) if (s.type === 'pow' && isLiteral(s)) return `cannot evaluate ${toInfix(s)}`;
  for (const { core } of terms) {
    if (core === null) continue;
    for (const s of subtrees(core)) {
      if (isLiteral(s)) continue;
      if (s.type === 'pow' && s.args[0].type === 'pow' && !isLiteral(s.args[0].args[0]) && s.args[0].args[0].type !== 'sym')
        return `a power of a power, ${toInfix(s)}`;
      if (s.type === 'div' && toInfix(s.args[0]) === toInfix(s.args[1])) return `a quotient of equal parts, ${toInfix(s)}`;
      if (s.type === 'add') {
        const bodies = s.args.filter((a) => !isLiteral(a)).map(termBody);
        if (new Set(bodies).size < bodies.length) return `like terms in ${toInfix(s)}`;
      }
      const n = s.type === 'sym' ? null : normalize(s);
      if (n !== null && asRational(n) !== null) return `${toInfix(s)} is a constant in disguise`;
      if (s.type === 'mul') {
        const factors = s.args.filter((a) => !isLiteral(a));
        for (let i = 0; i < factors.length; i++) {
          for (let j = i + 1; j < factors.length; j++) {
            const pair = normalize({ type: 'mul', args: [factors[i], factors[j]] });
            if (pair !== null && asRational(pair) !== null) return `${toInfix(factors[i])} and ${toInfix(factors[j])} cancel out`;
          }
        }
      }
    }
  }
  return null;
}

/**
 * Why the model declines a core no bug matched, or null: a bug's shape inside it (the model knows
 * its special shapes only as whole terms), or a shape a bug calls its relative (`near`: the forms
 * one edit away from a bug's shape that the integrator does not take on).
 */
function declinedNearBugs(core, termBugs, unplantedBugs) {
  for (const s of subtrees(core)) {
    for (const bug of termBugs) {
      if (s !== core && bug.match(s) !== null) return `${toInfix(s)} inside another expression`;
      if (bug.near?.(s) === true) return `${toInfix(s)} is too close to a special case`;
    }
    for (const bug of unplantedBugs) if (bug.near?.(s) === true) return `${toInfix(s)} is too close to a special case`;
  }
  return null;
}

/**
 * termBugs: [{ id, match(core) → facts or null, wrong(facts, core) → infix, near?(subtree) →
 * boolean }], tried in order. unplantedBugs: bugs of the same form that are not planted, whose
 * shapes are integrated exactly (or declined, as the integrator does) but whose relatives (`near`)
 * are still declined: a model with fewer bugs keeps the others' isolation.
 * Returns answer(problem) → { answers, reason?, bugs: ids that fired }.
 */
export function createModel({ termBugs = [], unplantedBugs = [] }) {
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
    const unclear = unreadable(tree, terms);
    if (unclear !== null) return decline(unclear);
    const fired = [];
    const exact = [];
    const wrong = [];
    for (const term of terms) {
      if (term.core !== null) {
        const bug = termBugs.find((b) => b.match(term.core) !== null);
        if (bug !== undefined) {
          wrong.push(scaled(term, bug.wrong(bug.match(term.core), term.core)));
          if (!fired.includes(bug.id)) fired.push(bug.id);
          continue;
        }
        const why = declinedNearBugs(term.core, termBugs, unplantedBugs);
        if (why !== null) return decline(why);
      }
      const s = normalize(term.expr);
      if (s === null) return decline(`cannot integrate ${toInfix(term.expr)}`);
      exact.push(...s);
    }
    const sum = combine(exact);
    const F = sum === null ? null : integrateSum(sum);
    if (F === null) return decline('beyond the integrator');
    const text = [...(F === '0' && wrong.length > 0 ? [] : [F]), ...wrong].join(' + ');
    if (text.length > MAX_ANSWER_CHARS) return decline('the answer would be too long');
    return { answers: [text], bugs: fired };
  };
}
