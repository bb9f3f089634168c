#!/usr/bin/env node
// A tiny "model under test" for sagga's cmd: protocol.
//
//   npx sagga search --target "cmd:node examples/cmd-target/power-rule.mjs" --out archives/power-rule
//
// It reads one JSON request per line on stdin, {"id", "problem", "latex", "k"}, and writes one JSON
// answer per line on stdout, {"id", "answers": [...]}. Its "knowledge" is the power rule, applied
// term by term to sums of c, c*x, x^n, c*x^n (n a number, n != -1), and it is deliberately brittle
// the way sequence models are: for exponents of 10 and above it divides by n instead of n + 1.
// Anything else gets an empty answer list (a no-answer). Run with --correct to remove the flaw.
import { createInterface } from 'node:readline';

const correct = process.argv.includes('--correct');
const NUMBER = String.raw`\d+(?:\.\d+)?`;
// One term: optional coefficient, optional x with optional exponent. `2*x^3`, `x`, `-5`, `x^(-2)`.
const TERM = new RegExp(String.raw`^(${NUMBER})?(?:\*?(x)(?:\^(?:(${NUMBER})|\((-?${NUMBER})\)))?)?$`);

function integrateTerm(term) {
  const m = TERM.exec(term);
  if (m === null || (m[1] === undefined && m[2] === undefined)) return undefined;
  const coefficient = m[1] ?? '1';
  if (m[2] === undefined) return `${coefficient}*x`;
  const n = Number(m[3] ?? m[4] ?? '1');
  if (n === -1) return undefined;
  const divisor = !correct && n >= 10 ? n : n + 1;
  return `${coefficient}*x^(${n + 1})/(${divisor})`;
}

function integrate(problem) {
  const compact = problem.replace(/\s+/g, '');
  // Split into signed terms at + and - that are not inside parentheses or right after '^' / '('.
  const terms = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < compact.length; i++) {
    const c = compact[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if ((c === '+' || c === '-') && depth === 0 && i > start && compact[i - 1] !== '^') {
      terms.push(compact.slice(start, i));
      start = i;
    }
  }
  terms.push(compact.slice(start));
  const parts = [];
  for (const signed of terms) {
    const sign = signed.startsWith('-') ? '-' : '+';
    const body = signed.replace(/^[+-]/, '');
    const integrated = integrateTerm(body);
    if (integrated === undefined) return undefined;
    parts.push(parts.length === 0 ? (sign === '-' ? `-${integrated}` : integrated) : `${sign} ${integrated}`);
  }
  return parts.join(' ');
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  let request;
  try {
    request = JSON.parse(line);
  } catch {
    return; // not a request
  }
  const answer = typeof request.problem === 'string' ? integrate(request.problem) : undefined;
  process.stdout.write(`${JSON.stringify({ id: request.id, answers: answer === undefined ? [] : [answer] })}\n`);
});
