import { inject } from 'vitest';
import type { DebianPackages } from './debianPackages.js';

/** Is a Debian-packaged system there? Under CI=true a missing one must fail the suite, not skip it. */
function requireOrSkip(available: boolean, what: string): boolean {
  if (available) return true;
  if (process.env.CI === 'true') throw new Error(`${what} is required under CI=true but is not installed`);
  console.warn(`skipping: ${what} is not installed`);
  return false;
}

/** What the global setup found (`findDebianPackages.ts`). */
export function installedPackages(): DebianPackages {
  return inject('debianPackages');
}

/** Run SymPy's tests? Skips them without SymPy, fails under CI=true. */
export function sympyOrSkip(): boolean {
  return requireOrSkip(installedPackages().sympy, 'python3-sympy (npm run test:setup)');
}

/** Run Maxima's tests? Skips them without Maxima, fails under CI=true. */
export function maximaOrSkip(): boolean {
  return requireOrSkip(installedPackages().maxima, 'maxima (npm run test:setup)');
}
