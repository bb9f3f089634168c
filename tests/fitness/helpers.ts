// Shared fixtures for the fitness tests (not a test file itself).
import { metrics } from '../../src/expr/metrics.js';
import { parseExpr } from '../../src/expr/parse.js';
import type { FitnessContext, FitnessMetrics } from '../../fitness/types.js';

/** A context with hand-set metrics (so expected values are computed by hand, not by metrics()). */
export function ctxWith(m: Partial<FitnessMetrics>, extra: Partial<FitnessContext> = {}): FitnessContext {
  return {
    metrics: { chars: 10, tokens: 5, nodes: 5, depth: 3, terms: 1, ...m },
    expr: parseExpr('x'),
    failed: true,
    ...extra,
  };
}

/** A context from a real expression. */
export function ctxOf(text: string, failed = true, embedding?: Float64Array): FitnessContext {
  const expr = parseExpr(text);
  return { metrics: metrics(expr), expr, failed, embedding };
}
