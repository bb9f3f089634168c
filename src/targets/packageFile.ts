import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Absolute path of a file shipped in the repository (e.g. `src/targets/python/sympy_worker.py`),
 * found the same way whether this module runs from `src/` (tests) or from `dist/src/` (the built
 * CLI): walk up from here until the file appears. Throws when it is nowhere above.
 */
export function packageFile(relative: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find ${relative} in the sagga installation`);
    dir = parent;
  }
}
