import type { TestProject } from 'vitest/node';
import { hasMaxima, hasSympy } from './debianPackages.js';

/**
 * Vitest's global setup: looks for SymPy and Maxima once for the whole suite (importing SymPy takes
 * about half a second) and gives every test file the answer (`requirePackage.ts`).
 */
export default function findDebianPackages(project: TestProject): void {
  project.provide('debianPackages', { sympy: hasSympy(), maxima: hasMaxima() });
}
