import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The part of Algebrite's API used here (the package ships no typings). */
interface AlgebriteModule {
  run(script: string): string;
}

let algebrite: AlgebriteModule | undefined;

/**
 * Ask Algebrite for ∫ input dx and return its printed answer. Algebrite reports most failures as
 * text ("Stop: …"), sometimes throws. May run for very long on some inputs: call it only inside a
 * worker that can be terminated.
 */
export function algebriteIntegrate(input: string): string {
  algebrite ??= require('algebrite') as AlgebriteModule;
  return algebrite.run(`integral(${input},x)`);
}

/**
 * Ask Algebrite to evaluate a task's whole command (`defint(f, x, a, b)`, `taylor(f, x, n, a)`),
 * printed from sagga's tree, and return its printed answer. Call it only inside a worker.
 */
export function algebriteEvaluate(command: string): string {
  algebrite ??= require('algebrite') as AlgebriteModule;
  return algebrite.run(command);
}
