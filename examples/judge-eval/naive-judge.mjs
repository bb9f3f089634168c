#!/usr/bin/env node
// A deliberately naive answer judge for `sagga judge-eval --judge cmd:…`, to measure against the others.
//
//   npx sagga judge-eval --pairs examples/judge-eval/pairs.jsonl --judge sagga --judge "cmd:node examples/judge-eval/naive-judge.mjs"
//
// Protocol: one {"id", "problem", "answer"} per line on stdin; one {"id", "verdict"} per line on
// stdout, the verdict "correct", "incorrect" or "unknown".
//
// Its rule is the shortcut many graders take: differentiate the answer numerically (a central
// difference) at three points, x = 0.7, 1.3 and 2.1, and accept it when F'(x) is within 0.1 % of f(x)
// wherever both can be computed. It is naive on purpose: three points miss a difference elsewhere,
// the tolerance accepts an answer off by a factor of 1.000001, and points where an expression is not
// real are simply skipped. The expressions are read by a small parser of its own (numbers, x, e, pi,
// + - * / ^ **, common functions); nothing is ever evaluated as code.
import { createInterface } from 'node:readline';

const FUNCTIONS = {
  exp: Math.exp,
  log: Math.log,
  ln: Math.log,
  sqrt: Math.sqrt,
  cbrt: Math.cbrt,
  abs: Math.abs,
  Abs: Math.abs,
  sign: Math.sign,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  cot: (v) => 1 / Math.tan(v),
  sec: (v) => 1 / Math.cos(v),
  csc: (v) => 1 / Math.sin(v),
  asin: Math.asin,
  acos: Math.acos,
  atan: Math.atan,
  acot: (v) => Math.atan(1 / v),
  sinh: Math.sinh,
  cosh: Math.cosh,
  tanh: Math.tanh,
  coth: (v) => 1 / Math.tanh(v),
  sech: (v) => 1 / Math.cosh(v),
  csch: (v) => 1 / Math.sinh(v),
  asinh: Math.asinh,
  acosh: Math.acosh,
  atanh: Math.atanh,
};
const CONSTANTS = { e: Math.E, E: Math.E, pi: Math.PI };
const TOKEN = /\s*(?:(\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+)|([A-Za-z_]\w*)|(\*\*|[-+*/^(),]))/y;

/** Parse `text` into a function of x, or throw. A Pratt parser over a token list. */
function compile(text) {
  const tokens = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (m === null) {
      if (text.slice(start).trim() === '') break;
      throw new Error(`unexpected character at ${start}`);
    }
    tokens.push(m[1] !== undefined ? { num: Number(m[1]) } : m[2] !== undefined ? { name: m[2] } : { op: m[3] === '**' ? '^' : m[3] });
  }
  let i = 0;
  const peek = () => tokens[i];
  const expectOp = (op) => {
    if (tokens[i]?.op !== op) throw new Error(`expected ${op}`);
    i++;
  };
  const BINARY = { '+': [1, (a, b) => a + b], '-': [1, (a, b) => a - b], '*': [2, (a, b) => a * b], '/': [2, (a, b) => a / b], '^': [4, (a, b) => a ** b] };
  const primary = () => {
    const t = tokens[i++];
    if (t === undefined) throw new Error('unexpected end');
    if (t.num !== undefined) return () => t.num;
    if (t.op === '(') {
      const inner = expression(0);
      expectOp(')');
      return inner;
    }
    if (t.op === '-') {
      const arg = expression(3);
      return (x) => -arg(x);
    }
    if (t.op === '+') return expression(3);
    if (t.name === 'x') return (x) => x;
    if (t.name !== undefined && Object.hasOwn(CONSTANTS, t.name)) return () => CONSTANTS[t.name];
    if (t.name !== undefined && Object.hasOwn(FUNCTIONS, t.name) && peek()?.op === '(') {
      i++;
      const arg = expression(0);
      expectOp(')');
      const f = FUNCTIONS[t.name];
      return (x) => f(arg(x));
    }
    throw new Error(`cannot read ${JSON.stringify(t.name ?? t.op)}`);
  };
  const expression = (minPrecedence) => {
    let left = primary();
    for (;;) {
      const t = peek();
      if (t?.op === undefined || !Object.hasOwn(BINARY, t.op)) return left;
      const [precedence, apply] = BINARY[t.op];
      if (precedence < minPrecedence) return left;
      i++;
      // ^ is right-associative, the others left-associative.
      const right = expression(t.op === '^' ? precedence : precedence + 1);
      const l = left;
      left = (x) => apply(l(x), right(x));
    }
  };
  const f = expression(0);
  if (i !== tokens.length) throw new Error('unexpected text after the expression');
  return f;
}

const POINTS = [0.7, 1.3, 2.1];
const H = 1e-5;
const TOLERANCE = 1e-3;

function judge(problem, answer) {
  let f;
  let F;
  try {
    f = compile(problem);
    F = compile(answer);
  } catch {
    return 'unknown';
  }
  let used = 0;
  for (const x of POINTS) {
    const fx = f(x);
    const dF = (F(x + H) - F(x - H)) / (2 * H);
    if (!Number.isFinite(fx) || !Number.isFinite(dF)) continue;
    used++;
    if (Math.abs(dF - fx) > TOLERANCE * Math.max(1, Math.abs(fx))) return 'incorrect';
  }
  return used === 0 ? 'unknown' : 'correct';
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  let request;
  try {
    request = JSON.parse(line);
  } catch {
    return;
  }
  if (typeof request?.id !== 'string') return;
  const verdict = typeof request.problem === 'string' && typeof request.answer === 'string' ? judge(request.problem, request.answer) : 'unknown';
  process.stdout.write(`${JSON.stringify({ id: request.id, verdict })}\n`);
});
