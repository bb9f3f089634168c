import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The URL of a compiled sibling module, for worker threads: Node 20 runs only JavaScript in a
 * worker, so when the caller is a TypeScript source (tests run the sources), the sibling is looked
 * up in `dist/`, which `npm run build` (and `npm test`) produce.
 */
export function compiledModuleUrl(callerUrl: string, relative: string): URL {
  const sibling = new URL(relative, callerUrl);
  const path = fileURLToPath(sibling);
  if (/[\\/]dist[\\/]/.test(fileURLToPath(callerUrl))) return sibling;
  const mapped = path.replace(/([\\/])(src|mutations|fitness|bench)([\\/])/, '$1dist$1$2$3');
  if (mapped === path) return sibling;
  if (!existsSync(mapped)) {
    throw new Error(`compiled worker script ${mapped} is missing: run \`npm run build\` first`);
  }
  return pathToFileURL(mapped);
}
