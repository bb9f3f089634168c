import { isParameterName } from '../src/expr/parameters.js';
import type { Expr } from '../src/expr/types.js';

/**
 * The tree with its numbers erased, as a string: every number becomes `#` and negations are
 * dropped, because a sign is part of a number (simplification may move −3·x to −(3·x)). Two trees
 * with the same shape differ only in their numbers. A parameter stands for a number and is erased
 * too, so a symbolic perturbation (3 → A) keeps the shape, as a numeric one does.
 */
export function numberErasedShape(e: Expr): string {
  switch (e.type) {
    case 'num':
      return '#';
    case 'sym':
      return isParameterName(e.name) ? '#' : e.name;
    case 'neg':
      return numberErasedShape(e.args[0]);
    case 'fn':
      return `${e.name}(${e.args.map(numberErasedShape).join(',')})`;
    default:
      return `${e.type}(${e.args.map(numberErasedShape).join(',')})`;
  }
}
