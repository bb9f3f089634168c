import type { FnName } from '../../expr/functions.js';
import type { Expr } from '../../expr/types.js';
import { printForCas, type CasDialect } from './printForCas.js';

// nerdamer knows every elementary name of our whitelist under the same spelling, plus erf, Si, Ci,
// Ei, Shi, Chi; its `Li` is the logarithmic integral Ei(log x), our `li`. Any other special
// function is sent under our name: nerdamer then cannot integrate it and says so (no-answer).
const RENAMED: Partial<Record<FnName, string>> = { li: 'Li' };

const nerdamerDialect: CasDialect = {
  constant: (name) => name, // `e` and `pi` are nerdamer's own constants
  fn: (name, args) => `${RENAMED[name] ?? name}(${args.join(',')})`,
};

/** The problem in nerdamer's input syntax. */
export function toNerdamer(e: Expr): string {
  return printForCas(e, nerdamerDialect);
}
