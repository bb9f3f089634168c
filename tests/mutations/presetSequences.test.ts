import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { mutate } from '../../mutations/mutate.js';
import { resolveMutationConfig } from '../../mutations/presets.js';
import { toInfix } from '../../src/expr/toInfix.js';
import { loadSeeds } from '../../src/seeds/loadSeeds.js';
import { createRng } from '../../src/util/rng.js';

// Recorded before the symbolic perturbation was added (tests/fixtures/mutations/README.md).
const FIXTURE = fileURLToPath(new URL('../fixtures/mutations/preset-sequences.json', import.meta.url));
const recorded = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, string[]>;

describe('the presets mutate exactly as before the operators added at weight 0', () => {
  for (const [preset, expected] of Object.entries(recorded)) {
    test(preset, () => {
      const cfg = resolveMutationConfig(preset);
      const rng = createRng(`golden/${preset}`);
      const got: string[] = [];
      for (const seed of loadSeeds('target').exprs.slice(0, 8)) {
        let tree = seed;
        for (let i = 0; i < 12; i++) {
          tree = mutate(tree, rng, cfg);
          got.push(toInfix(tree));
        }
      }
      expect(got).toEqual(expected);
    });
  }
});
