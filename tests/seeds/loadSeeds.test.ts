import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { add, div, mul, num, pow, X } from '../../src/expr/types.js';
import { builtinSeedSets, loadSeeds, seedsFolder } from '../../src/seeds/loadSeeds.js';
import { packageRoot } from '../../src/util/packageRoot.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { checkCandidate } from '../../constraints/checkCandidate.js';
import { readLineTree } from '../../src/tasks/readLineTree.js';
import { readTaskProblem } from '../../src/tasks/readTaskProblem.js';
import { taskNamed } from '../../src/tasks/registry.js';

const dir = mkdtempSync(join(tmpdir(), 'sagga-seeds-'));

describe('built-in seed sets', () => {
  test('are found in the package root, whatever the working directory', () => {
    expect(JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).name).toBe('sagga');
    expect(seedsFolder()).toBe(join(packageRoot(), 'seeds'));
    expect(builtinSeedSets()).toEqual(['default', 'definite', 'limit', 'ode', 'polynomial-robustness', 'series', 'target', 'trig', 'trig-robustness']);
    const cwd = process.cwd();
    try {
      process.chdir(dir);
      expect(loadSeeds('default').exprs.length).toBe(4);
    } finally {
      process.chdir(cwd);
    }
  });

  test("default is the paper's {1, x, x+1, x^2+x+1}", () => {
    const set = loadSeeds('default');
    expect(set.name).toBe('default');
    expect(set.source).toBe(join(seedsFolder(), 'default.txt'));
    expect(set.exprs).toEqual([num(1), X, add(X, num(1)), add(pow(X, num(2)), X, num(1))]);
  });

  test('polynomial-robustness has the nine paper seeds, ending with 2x^42 + 2x^3 + 2x^2 + 1', () => {
    const exprs = loadSeeds('polynomial-robustness').exprs;
    expect(exprs.length).toBe(9);
    expect(exprs[2]).toEqual(div(num(2), X));
    expect(exprs[8]).toEqual(add(mul(num(2), pow(X, num(42))), mul(num(2), pow(X, num(3))), mul(num(2), pow(X, num(2))), num(1)));
  });

  test('trig, trig-robustness and target have 9, 9 and 10 problems', () => {
    expect(loadSeeds('trig').exprs.length).toBe(9);
    expect(loadSeeds('trig-robustness').exprs.length).toBe(9);
    const target = loadSeeds('target').exprs;
    expect(target.length).toBe(10);
    expect(target[3]).toEqual(mul(num(4), pow(X, num(5))));
    expect(target[7]).toEqual(parseExpr('tan(exp(2))/(18*x)'));
  });

  test("every built-in seed passes the candidate check, a task's seed its task's check", () => {
    for (const name of builtinSeedSets()) {
      const set = loadSeeds(name, readLineTree);
      set.exprs.forEach((e, i) => {
        const line = set.lines?.[i];
        const task = taskNamed(typeof line?.task === 'string' ? line.task : undefined);
        const read = line === undefined ? { ok: true as const, problem: { expr: e, params: {} } } : readTaskProblem(task, line);
        expect(read.ok, `${name}: ${JSON.stringify(read)}`).toBe(true);
        if (!read.ok) return;
        const check = task.check(read.problem, (tree) => checkCandidate(tree));
        expect(check.ok, `${name}: ${JSON.stringify(check)}`).toBe(true);
      });
    }
  });
});

describe('seed files', () => {
  test('one expression per line; blank lines and # comments are skipped', () => {
    const file = join(dir, 'mine.txt');
    writeFileSync(file, '# my seeds\n\nx^3   # a cubic\n  sin(x)\r\n#x+2\n');
    const set = loadSeeds(file);
    expect(set.exprs).toEqual([pow(X, num(3)), parseExpr('sin(x)')]);
    expect(set.source).toBe(file);
    expect(set.name).toBe(file);
  });

  test('a line that does not parse names the file, the line and the column', () => {
    const file = join(dir, 'broken.txt');
    writeFileSync(file, 'x\n# fine\nx + (2*\nsin(x)\n');
    expect(() => loadSeeds(file)).toThrow(`${file}:3:`);
    expect(() => loadSeeds(file)).toThrow(/line 3, column 8/);
    const hostile = join(dir, 'hostile.txt');
    writeFileSync(hostile, 'x\n__import__("os")\n');
    expect(() => loadSeeds(hostile)).toThrow(/hostile\.txt:2:12: .*strings are not allowed/);
  });

  test('an empty set is an error', () => {
    const file = join(dir, 'empty.txt');
    writeFileSync(file, '# nothing\n\n');
    expect(() => loadSeeds(file)).toThrow(/no expressions/);
  });

  test('an unknown name lists the built-in sets', () => {
    expect(existsSync('no-such-set')).toBe(false);
    expect(() => loadSeeds('no-such-set')).toThrow(
      "unknown seed set 'no-such-set': not a built-in set (default, definite, limit, ode, polynomial-robustness, series, target, trig, trig-robustness) and not a file",
    );
  });
});

describe('seed files of a task (JSON Lines)', () => {
  test('keep each line beside its problem, and name a line that is not a problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sagga-task-seeds-'));
    const good = join(dir, 'good.jsonl');
    writeFileSync(
      good,
      '# two integrals\n{"task": "definite", "problem": "x*exp(x)", "lower": "0", "upper": "1"}\n\n{"task": "definite", "problem": "1/(1 + x^2)", "lower": "0", "upper": "oo"}\n',
    );
    const set = loadSeeds(good);
    expect(set.exprs.map((e) => toInfix(e))).toEqual(['x*exp(x)', '1/(1 + x^2)']);
    expect(set.lines?.map((l) => l.upper)).toEqual(['1', 'oo']);
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, '{"task": "definite", "problem": "x", "lower": "0", "upper": "1"}\n{"task": "definite", "problem": "x +", "lower": "0"}\n');
    expect(() => loadSeeds(bad)).toThrow(`${bad}:2: cannot parse "x +"`);
    const notObject = join(dir, 'list.jsonl');
    writeFileSync(notObject, '["x"]\n');
    expect(() => loadSeeds(notObject)).toThrow(`${notObject}:1: not a JSON object`);
  });
});
