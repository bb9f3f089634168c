import { tryParseExpr } from '../expr/parse.js';
import type { TreeReader } from './task.js';

/** The whitelisting infix parser as a `TreeReader`: how sagga reads the `problem` of the lines it wrote itself. */
export const readInfixTree: TreeReader = (text, options) => {
  const r = tryParseExpr(text, undefined, options);
  return r.ok ? { ok: true, expr: r.expr } : { ok: false, error: r.error.message };
};
