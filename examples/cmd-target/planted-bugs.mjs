#!/usr/bin/env node
// A model under test with known bugs, the yardstick for how many distinct bugs a search finds per
// target call (README.md, "A model with planted bugs").
//
//   npx sagga search --target "cmd:node examples/cmd-target/planted-bugs.mjs" --reference none --out archives/planted
//   node examples/cmd-target/planted-bugs.mjs --list-bugs
//
// It integrates exactly, term by term after pulling out numbers: sums of c*x^n (n = -1 gives
// log(abs(x))), products and small integer powers of polynomials (expanded), powers of linear forms,
// c^(a*x + b) and exp, x^n*exp(a*x + b) and x*c^x by parts, and sin/cos of linear arguments. It
// declines everything else, and the relatives of its planted bugs that it could otherwise answer.
// Its planted bugs (planted/plantedBugs.mjs) each fire on one shape of a term, from shapes random
// mutants often have to ones they almost never reach, and no shrink move leads from one bug to
// another; --list-bugs prints them as JSON.
// It needs sagga built (npm run build): it reads problems with sagga's own parser.
import { createModel } from './planted/createModel.mjs';
import { TERM_BUGS } from './planted/plantedBugs.mjs';
import { serveModel } from './planted/serveModel.mjs';

if (process.argv.includes('--list-bugs')) {
  const bugs = TERM_BUGS.map(({ id, description, signature, example }) => ({ id, description, signatures: [signature], example }));
  process.stdout.write(`${JSON.stringify(bugs, null, 2)}\n`);
} else {
  serveModel(createModel({ termBugs: TERM_BUGS }));
}
