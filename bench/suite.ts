// Full-size Fail@k tables of the paper's rule-based probes for the in-process and SymPy targets.
// Usage: npx tsc -p tsconfig.json && node dist/bench/suite.js [--n 1000] [--targets nerdamer,sympy] [--suites primitives,extrapolation] [--out DIR]
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { formatSuiteMarkdown } from '../src/suite/formatSuiteMarkdown.js';
import { runSuite } from '../src/suite/runSuite.js';
import type { SuiteName } from '../src/suite/suiteTypes.js';
import { writeSuiteOutputs } from '../src/suite/writeSuiteOutputs.js';
import { createTarget } from '../src/targets/registry.js';
import { SEARCH_VERIFY_OPTIONS } from '../src/verify/types.js';
import { verifyPair } from '../src/verify/verifyPair.js';
import { benchArg } from './benchArg.js';

async function main(): Promise<void> {
  const n = Number(benchArg(process.argv, 'n') ?? '1000');
  const targets = (benchArg(process.argv, 'targets') ?? 'nerdamer,sympy').split(',');
  const suites = (benchArg(process.argv, 'suites') ?? 'primitives,extrapolation').split(',') as SuiteName[];
  const out = benchArg(process.argv, 'out') ?? join('archives', 'bench-suite');
  for (const spec of targets) {
    for (const suite of suites) {
      const target = await createTarget(spec, { concurrency: availableParallelism() });
      const started = performance.now();
      try {
        const result = await runSuite(suite, { ks: [1], n, rngSeed: '2022' }, { target, verify: (p, a) => verifyPair(p, a, SEARCH_VERIFY_OPTIONS) });
        writeSuiteOutputs(join(out, `${suite}-${spec}`), result);
        process.stdout.write(formatSuiteMarkdown(result.table));
        process.stdout.write(`\n${suite} × ${spec}, N = ${n}: ${((performance.now() - started) / 1000).toFixed(1)} s wall\n\n`);
      } finally {
        await target.close();
      }
    }
  }
}

main().catch((err) => {
  process.stderr.write(`bench/suite: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
