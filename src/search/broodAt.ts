import type { SelectionPressure } from './selectionPressure.js';

/**
 * Children drawn for each child asked in a generation (1 from the first) of `generationSize`
 * children: the pressure's brood, multiplied by its growth every generation after the first, up to
 * its largest size and to what its bound on the children drawn in all leaves for each; never under
 * the first brood.
 */
export function broodAt(
  pressure: Pick<SelectionPressure, 'brood' | 'broodGrowth' | 'maxBrood' | 'maxBroodChildren'>,
  generation: number,
  generationSize: number,
): number {
  const first = Math.max(1, Math.floor(pressure.brood));
  const steps = Math.max(0, Math.floor(generation) - 1);
  const grown = first * Math.max(1, pressure.broodGrowth) ** steps;
  const largest = Math.min(pressure.maxBrood, pressure.maxBroodChildren / Math.max(1, generationSize));
  return Math.max(first, Math.min(Math.floor(largest), Math.floor(grown)));
}
