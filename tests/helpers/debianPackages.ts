import { spawnSync } from 'node:child_process';

/** The Debian-packaged systems the suite runs for real (`npm run test:setup` installs them). */
export interface DebianPackages {
  readonly sympy: boolean;
  readonly maxima: boolean;
}

declare module 'vitest' {
  export interface ProvidedContext {
    debianPackages: DebianPackages;
  }
}

/** Can `python` import sympy? */
export function hasSympy(python = '/usr/bin/python3'): boolean {
  const r = spawnSync(python, ['-c', 'import sympy'], { stdio: 'ignore', timeout: 60_000 });
  return r.status === 0;
}

/** Does `maxima` run? */
export function hasMaxima(maxima = '/usr/bin/maxima'): boolean {
  const r = spawnSync(maxima, ['--very-quiet', '--disable-readline', '--batch-string=print(6*7)$'], { encoding: 'utf8', timeout: 60_000 });
  return r.status === 0 && /\b42\b/.test(r.stdout ?? '');
}
