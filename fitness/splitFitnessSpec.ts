/** Heads a fitness term starts with; a `*` is a product only when one of them follows it. */
const TERM_START = /^\s*(short\s*$|short\s*\*|length:|near:)/;

/**
 * The terms of a composed `--fitness` spec, `length:20*near:seeds/target.txt` → `length:20`,
 * `near:seeds/target.txt`. A `*` inside a `near:` expression (`near:3*x^2`) is multiplication and
 * stays, because what follows it does not start a term.
 */
export function splitFitnessSpec(spec: string): string[] {
  const terms: string[] = [];
  let start = 0;
  for (let i = spec.indexOf('*'); i >= 0; i = spec.indexOf('*', i + 1)) {
    if (TERM_START.test(spec.slice(i + 1))) {
      terms.push(spec.slice(start, i).trim());
      start = i + 1;
    }
  }
  terms.push(spec.slice(start).trim());
  return terms;
}
