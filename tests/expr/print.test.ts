import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { ALL_FUNCTIONS } from '../../src/expr/functions.js';
import { toInfix, toPrefix } from '../../src/expr/print.js';
import { createRng } from '../../src/util/rng.js';
import { randomExpr } from './helpers/randomExpr.js';
import { sympyOrSkip } from '../helpers/requirePackage.js';

const SYMPY = sympyOrSkip();

const script = fileURLToPath(new URL('./helpers/sympyCheck.py', import.meta.url));

describe.runIf(SYMPY)('printers agree with SymPy', () => {
  test('parse_expr reads toInfix and a Lample–Charton decoder reads toPrefix as the same expression', () => {
    const rng = createRng('print-sympy');
    const trees = Array.from({ length: 400 }, (_, k) =>
      randomExpr(rng, { maxDepth: 2 + (k % 4), functions: ALL_FUNCTIONS, literals: 'small', exponents: 'tame' }),
    );
    const items = trees.map((e) => ({ infix: toInfix(e), prefix: toPrefix(e) }));
    const run = spawnSync('/usr/bin/python3', [script], { input: JSON.stringify(items), encoding: 'utf8', timeout: 120_000 });
    expect(run.error, String(run.error)).toBeUndefined();
    expect(run.status, run.stderr).toBe(0);
    const results = JSON.parse(run.stdout) as Array<{ ok: boolean; why?: string; how?: string }>;
    expect(results).toHaveLength(items.length);
    const failures = results.flatMap((r, i) => (r.ok ? [] : [`${items[i].infix}  [${items[i].prefix.join(' ')}]: ${r.why}`]));
    expect(failures).toEqual([]);
    // SymPy builds the same canonical object both ways for most trees; the numeric comparison is
    // only for the few where its automatic evaluation takes different paths.
    const identical = results.filter((r) => r.how === 'identical').length;
    console.log(`print/SymPy: ${identical} of ${results.length} identical, the rest numerically equal`);
    expect(identical).toBeGreaterThan(results.length * 0.95);
  });
});
