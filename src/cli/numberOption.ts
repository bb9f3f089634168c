import { InvalidArgumentError } from 'commander';

export interface NumberOptionBounds {
  /** Whole numbers only. */
  readonly integer?: boolean;
  readonly min?: number;
  readonly max?: number;
  /** The value must be above `min`, not equal to it. */
  readonly minExclusive?: boolean;
}

/**
 * A commander parser for a numeric option, with one wording for every command's messages:
 * "expected a whole number ≥ 1", "expected a number > 0", "expected a whole number in [1, 100]".
 */
export function numberOption(bounds: NumberOptionBounds): (value: string) => number {
  const kind = bounds.integer ? 'a whole number' : 'a number';
  const { min, max } = bounds;
  const expected =
    min !== undefined && max !== undefined
      ? `${kind} in [${min}, ${max}]`
      : min !== undefined
        ? `${kind} ${bounds.minExclusive ? '>' : '≥'} ${min}`
        : max !== undefined
          ? `${kind} ≤ ${max}`
          : kind;
  return (value: string): number => {
    const n = value.trim() === '' ? NaN : Number(value);
    const fits =
      (bounds.integer ? Number.isSafeInteger(n) : Number.isFinite(n)) &&
      (min === undefined || (bounds.minExclusive ? n > min : n >= min)) &&
      (max === undefined || n <= max);
    if (!fits) throw new InvalidArgumentError(`expected ${expected}`);
    return n;
  };
}

/** Counts: a whole number ≥ 1. */
export const positiveInt = numberOption({ integer: true, min: 1 });
/** A whole number ≥ 0 (retries, worker threads, where 0 turns a thing off). */
export const nonNegativeInt = numberOption({ integer: true, min: 0 });
/** A number > 0 (time budgets in milliseconds). */
export const positiveNumber = numberOption({ min: 0, minExclusive: true });
/** A number ≥ 0 (a sampling temperature). */
export const nonNegativeNumber = numberOption({ min: 0 });
