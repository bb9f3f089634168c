#!/usr/bin/env node
// A model under test with known bugs, the yardstick for how many distinct bugs a search finds per
// target call (README.md, "A model with planted bugs").
//
//   npx sagga search --target "cmd:node examples/cmd-target/planted-bugs.mjs" --reference none --out archives/planted
//   node examples/cmd-target/planted-bugs.mjs --list-bugs
//
// It integrates sums of c*x^n (n = -1 gives log(abs(x))), products and small integer powers of
// polynomials (expanded), powers of linear forms ((a*x + b)^n, any integer n), c^(a*x + b), exp,
// x^n*c^x by parts, and sin/cos of linear arguments, exactly. It declines everything else. Its
// planted bugs (planted/plantedBugs.mjs) each fire on one shape of a top-level term, from shapes
// random mutants often have to ones they rarely reach; --list-bugs prints them as JSON.
// It needs sagga built (npm run build): it reads problems with sagga's own parser.
import { createModel } from './planted/createModel.mjs';
import { PROBLEM_BUGS, TERM_BUGS } from './planted/plantedBugs.mjs';
import { serveModel } from './planted/serveModel.mjs';

if (process.argv.includes('--list-bugs')) {
  const bugs = [...TERM_BUGS, ...PROBLEM_BUGS].map(({ id, description, signature, example }) => ({ id, description, signatures: [signature], example }));
  process.stdout.write(`${JSON.stringify(bugs, null, 2)}\n`);
} else {
  serveModel(createModel({ termBugs: TERM_BUGS, problemBugs: PROBLEM_BUGS }));
}
