#!/usr/bin/env node
// Writes examples/judge-eval/pairs.jsonl, the labelled set `sagga judge-eval` ships with, from the
// verifier's labelled fixture (tests/fixtures/labelled/pairs.jsonl): every pair of the SAGGA paper's
// Tables 16-18 (family "paper") and the first 12 pairs of every other family, in file order.
//
//   node scripts/make-judge-eval-pairs.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const PER_FAMILY = 12;
const source = new URL('../tests/fixtures/labelled/pairs.jsonl', import.meta.url);
const target = new URL('../examples/judge-eval/pairs.jsonl', import.meta.url);
const taken = new Map();
const out = [];
for (const line of readFileSync(source, 'utf8').split('\n')) {
  if (line.trim() === '') continue;
  const { id, problem, answer, label, family } = JSON.parse(line);
  const key = `${label} ${family}`;
  const n = taken.get(key) ?? 0;
  if (family !== 'paper' && n >= PER_FAMILY) continue;
  taken.set(key, n + 1);
  out.push(JSON.stringify({ id, problem, answer, label, family }));
}
writeFileSync(target, out.join('\n') + '\n');
console.log(`wrote ${out.length} pairs to ${target.pathname}`);
