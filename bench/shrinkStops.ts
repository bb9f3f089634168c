/** What an archive line says of its shrink (absent on lines made before shrinking). */
export interface ShrunkLine {
  readonly shrink?: { readonly stopped: string; readonly steps: number; readonly refused?: number };
}

/** How the shrinks of an archive's lines ended. */
export interface ShrinkStops {
  /** Lines by how their shrink stopped (`minimal`, `budget` …; `not shrunk` when a line has no shrink). */
  readonly stops: Readonly<Record<string, number>>;
  /** Lines whose shrink ended on its budget with no step accepted. */
  readonly budgetWithoutStep: number;
  /** Steps the symptom guard refused, over all lines. */
  readonly refused: number;
}

export function shrinkStops(lines: readonly ShrunkLine[]): ShrinkStops {
  const stops: Record<string, number> = {};
  let budgetWithoutStep = 0;
  let refused = 0;
  for (const line of lines) {
    const stopped = line.shrink?.stopped ?? 'not shrunk';
    stops[stopped] = (stops[stopped] ?? 0) + 1;
    if (stopped === 'budget' && line.shrink?.steps === 0) budgetWithoutStep++;
    refused += line.shrink?.refused ?? 0;
  }
  return { stops, budgetWithoutStep, refused };
}
