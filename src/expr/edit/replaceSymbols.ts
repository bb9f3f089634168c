import { isLeaf, withArgs, type Expr, type Sym } from '../types.js';

/**
 * e with each symbol that `replace` gives a tree for put in its place (undefined keeps the symbol).
 * Subtrees without a replaced symbol are shared, not copied, so a tape compiles them as before.
 */
export function replaceSymbols(e: Expr, replace: (symbol: Sym) => Expr | undefined): Expr {
  if (e.type === 'sym') return replace(e) ?? e;
  if (isLeaf(e)) return e;
  let changed = false;
  const args = e.args.map((a) => {
    const b = replaceSymbols(a, replace);
    changed ||= b !== a;
    return b;
  });
  return changed ? withArgs(e, args) : e;
}
