import { createRequire } from 'node:module';

// nerdamer is CommonJS and registers its add-ons on the core object when they are loaded.
const require = createRequire(import.meta.url);

/** The part of nerdamer's API used here (its bundled typings do not describe the add-ons). */
interface NerdamerCore {
  (expression: string): { toString(): string };
  flush(): unknown;
}

let core: NerdamerCore | undefined;

function load(): NerdamerCore {
  if (core === undefined) {
    core = require('nerdamer') as NerdamerCore;
    require('nerdamer/Algebra.js');
    require('nerdamer/Calculus.js');
  }
  return core;
}

/**
 * Ask nerdamer for ∫ input dx and return its printed answer. Throws what nerdamer throws. May run
 * forever on some inputs: call it only inside a worker that can be terminated.
 */
export function nerdamerIntegrate(input: string): string {
  const nerdamer = load();
  try {
    return nerdamer(`integrate(${input}, x)`).toString();
  } finally {
    // nerdamer keeps every parsed expression in a global list; without this a worker grows forever.
    nerdamer.flush();
  }
}

/**
 * Ask nerdamer to evaluate a task's whole command (`defint(f, a, b, x)`, `limit(f, x, a)`), printed
 * from sagga's tree, and return its printed answer. Throws what nerdamer throws; may run forever:
 * call it only inside a worker that can be terminated.
 */
export function nerdamerEvaluate(command: string): string {
  const nerdamer = load();
  try {
    return nerdamer(command).toString();
  } finally {
    nerdamer.flush();
  }
}
