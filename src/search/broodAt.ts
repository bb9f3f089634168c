import type { SelectionPressure } from './selectionPressure.js';

/**
 * Children drawn for each child asked in a generation (1 from the first): the pressure's brood,
 * multiplied by its growth every generation after the first, up to its largest size.
 */
export function broodAt(pressure: Pick<SelectionPressure, 'brood' | 'broodGrowth' | 'maxBrood'>, generation: number): number {
  const first = Math.max(1, Math.floor(pressure.brood));
  const steps = Math.max(0, Math.floor(generation) - 1);
  const grown = first * Math.max(1, pressure.broodGrowth) ** steps;
  return Math.max(first, Math.min(Math.floor(pressure.maxBrood), Math.floor(grown)));
}
