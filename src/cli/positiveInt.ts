import { InvalidArgumentError } from 'commander';

/** Commander argument parser for counts: a whole number ≥ 1, or a message that says so. */
export function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number ≥ 1');
  return n;
}
