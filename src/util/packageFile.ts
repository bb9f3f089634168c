import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './packageRoot.js';

/**
 * Absolute path of a file shipped with the package (e.g. `src/targets/sympy/sympy_worker.py`), the
 * same whether sagga runs from its sources (tests), from `dist/` (the built CLI) or from an installed
 * package. Throws, naming the file, when the installation lacks it.
 */
export function packageFile(relative: string): string {
  const path = join(packageRoot(), relative);
  if (!existsSync(path)) throw new Error(`cannot find ${relative} in the sagga installation at ${packageRoot()}`);
  return path;
}
