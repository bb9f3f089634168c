import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './packageRoot.js';

let cached: string | undefined;

/** sagga's version from its package.json (`unknown` if that cannot be read), for --version, config.json and reports. */
export function packageVersion(): string {
  if (cached !== undefined) return cached;
  try {
    const version = (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: unknown }).version;
    return (cached = typeof version === 'string' ? version : 'unknown');
  } catch {
    return (cached = 'unknown');
  }
}
