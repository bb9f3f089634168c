#!/usr/bin/env node
// A model under test whose planted bugs lie mostly beyond random sampling's reach: the same
// integrator as planted-bugs.mjs, with the table of planted/deepBugs.mjs (docs/search.md, "Yield").
//
//   npx sagga search --target "cmd:node examples/cmd-target/planted-deep-bugs.mjs" --reference none --out archives/planted-deep
//   node examples/cmd-target/planted-deep-bugs.mjs --list-bugs
//
// It needs sagga built (npm run build): it reads problems with sagga's own parser.
import { createModel } from './planted/createModel.mjs';
import { DEEP_BUGS, UNPLANTED_BUGS } from './planted/deepBugs.mjs';
import { serveModel } from './planted/serveModel.mjs';

if (process.argv.includes('--list-bugs')) {
  const bugs = DEEP_BUGS.map(({ id, description, signature, example }) => ({ id, description, signatures: [signature], example }));
  process.stdout.write(`${JSON.stringify(bugs, null, 2)}\n`);
} else {
  serveModel(createModel({ termBugs: DEEP_BUGS, unplantedBugs: UNPLANTED_BUGS }));
}
