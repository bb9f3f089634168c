import { spawnSync } from 'node:child_process';
import { parseExpr } from '../../../src/expr/parse.js';
import { toInfix } from '../../../src/expr/toInfix.js';
import { toLatex } from '../../../src/expr/toLatex.js';
import type { TargetProblem } from '../../../src/targets/types.js';

/** A target problem from infix text, the way the search builds them. */
export function problem(id: string, text: string): TargetProblem {
  const expr = parseExpr(text);
  return { id, expr, infix: toInfix(expr), latex: toLatex(expr) };
}

/** Is a Debian-packaged system there? Under CI=true a missing one must fail the suite, not skip it. */
export function requireOrSkip(available: boolean, what: string): boolean {
  if (available) return true;
  if (process.env.CI === 'true') throw new Error(`${what} is required under CI=true but is not installed`);
  console.warn(`skipping: ${what} is not installed`);
  return false;
}

/** Can `python` import sympy? */
export function hasSympy(python = '/usr/bin/python3'): boolean {
  const r = spawnSync(python, ['-c', 'import sympy'], { stdio: 'ignore', timeout: 60_000 });
  return r.status === 0;
}

/** Does `maxima` run? */
export function hasMaxima(maxima = '/usr/bin/maxima'): boolean {
  const r = spawnSync(maxima, ['--very-quiet', '--disable-readline', '--batch-string=print(6*7)$'], { encoding: 'utf8', timeout: 60_000 });
  return r.status === 0 && /\b42\b/.test(r.stdout ?? '');
}
