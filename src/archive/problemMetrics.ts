import { countTerms } from '../expr/metrics.js';
import { tryParseExpr } from '../expr/parse.js';
import type { Expr } from '../expr/types.js';
import type { ArchiveLine } from '../run/runSchema.js';

/**
 * The entry's problem as a tree, or null when it does not parse (the archive is untrusted input:
 * the whitelisting parser with its default size limits is the only way a problem string is read).
 */
export function problemTree(entry: Pick<ArchiveLine, 'problem'>): Expr | null {
  const parsed = tryParseExpr(entry.problem);
  return parsed.ok ? parsed.expr : null;
}

/** Top-level terms of the problem: the recorded `terms`, else counted on the parsed tree. */
export function entryTerms(entry: ArchiveLine): number | null {
  if (entry.terms !== null) return entry.terms;
  const tree = problemTree(entry);
  return tree ? countTerms(tree) : null;
}
