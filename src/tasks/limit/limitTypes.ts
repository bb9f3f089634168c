import type { Expr } from '../../expr/types.js';

/**
 * Where x goes: a finite point (a tree free of x, such as 0, 1/2 or pi/2) or one of the two
 * infinities. A small type of the limit task's own, read from the texts `oo`, `-oo` and infix, so
 * that the expression tree needs no infinity.
 */
export type LimitPoint = { readonly kind: 'finite'; readonly at: Expr } | { readonly kind: 'infinite'; readonly sign: 1 | -1 };

/** From the right (`+`), from the left (`-`) or both (`+-`); at oo only `-`, at -oo only `+`. */
export type LimitDirection = '+' | '-' | '+-';

/**
 * What an answer claims: a finite value (a closed form or a decimal), divergence to `oo` or `-oo`,
 * or `DNE`, no limit at all, finite or infinite.
 */
export type LimitAnswer = { readonly kind: 'value'; readonly value: Expr } | { readonly kind: 'infinite'; readonly sign: 1 | -1 } | { readonly kind: 'dne' };
