import { isLeaf, withArgs, type Expr } from '../types.js';

/** e with every x replaced by g (g's tree is shared, not copied). */
export function substituteX(e: Expr, g: Expr): Expr {
  if (e.type === 'sym') return e.name === 'x' ? g : e;
  if (isLeaf(e)) return e;
  return withArgs(
    e,
    e.args.map((a) => substituteX(a, g)),
  );
}
