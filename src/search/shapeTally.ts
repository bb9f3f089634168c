/**
 * A number in a problem's key: digits not part of a name (`C1`, `log2` keep theirs), with an
 * optional sign, decimals and exponent (`String(1e21)` writes `1e+21`).
 */
const KEY_NUMBER = /(?<![A-Za-z_\d.])-?\d+(?:\.\d+)?(?:e[-+]?\d+)?/g;

/**
 * A problem's key with its numbers erased: two problems of one shape differ only in their numbers.
 * Read from the key, so a resumed run counts shapes from the keys it saved.
 */
export function keyShape(key: string): string {
  return key.replace(KEY_NUMBER, '#');
}

/**
 * How many problems of each shape the run asked, and whether a shape has had its share (`cap`).
 * Mutations that change only numbers make endless new keys of one shape (`-39423*x`, `-78*x` …);
 * a search that asks each shape a few times spends its calls on shapes it has not tried. Counted
 * as the problems are told, so a generation may ask several of a shape it is the first to try.
 */
export class ShapeTally {
  private readonly counts = new Map<string, number>();

  /** `cap`: problems of one shape told before it is full; 0: never full. `keys`: the problems told so far. */
  constructor(
    readonly cap: number,
    keys: Iterable<string> = [],
  ) {
    for (const key of keys) this.add(key);
  }

  add(key: string): void {
    const shape = keyShape(key);
    this.counts.set(shape, (this.counts.get(shape) ?? 0) + 1);
  }

  /** The key's shape was asked `cap` times already (never, without a cap). */
  isFull(key: string): boolean {
    return this.cap > 0 && (this.counts.get(keyShape(key)) ?? 0) >= this.cap;
  }
}
