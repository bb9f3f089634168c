/**
 * The constants a shrink tries in place of a subtree or a larger number, simplest first. 0 is left
 * out: it deletes a term or zeroes a product, which `delete-operand` does more directly.
 */
export const SMALL_CONSTANTS: readonly number[] = [1, 2, 3, 10];
