/**
 * One label per name, made unique in order: an empty name becomes `run`, and a name already taken
 * gets `suffix(n)` appended with the smallest n ≥ 2 that makes it unique.
 */
export function uniqueLabels(names: readonly string[], suffix: (n: number) => string): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let label = name || 'run';
    for (let n = 2; used.has(label); n++) label = `${name || 'run'}${suffix(n)}`;
    used.add(label);
    return label;
  });
}
