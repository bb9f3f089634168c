import type { CandidateCheck } from '../../constraints/checkCandidate.js';
import type { ReadOptions } from '../expr/readOptions.js';
import type { Expr } from '../expr/types.js';
import type { Rng } from '../util/rng.js';
import type { VerifyResult } from '../verify/types.js';
import type { AnswerReader, AnswerReading } from './answerReading.js';

/**
 * One parameter of a problem besides its tree: a tree free of x (a bound, a point: `0`, `pi/2`,
 * `oo`), a whole number (an order) or a word (a direction).
 */
export type TaskParam = Expr | number | string;

/** A problem's parameters by name (`{lower, upper}`, `{point, order}` …); `{}` for integrate. */
export type TaskParams = Readonly<Record<string, TaskParam>>;

/**
 * A problem of a task: the tree every operator of the engine works on (the integrand, the function
 * whose limit or series is asked) and the task's own parameters, which mutations change "like
 * constants" and shrinking keeps.
 */
export interface TaskProblem {
  readonly expr: Expr;
  readonly params: TaskParams;
}

/** A value of a task's field on a line: text, a whole number, or a list of texts (an ODE's `conditions`). */
export type LineValue = string | number | readonly string[];

/** The fields a task adds to a JSON line (archive, evaluated, verify, seeds, eval problems, `cmd:` requests). */
export type LineFields = Readonly<Record<string, LineValue>>;

export type ParamsRead = { readonly ok: true; readonly params: TaskParams } | { readonly ok: false; readonly error: string };

/** Reads a tree from text (the caller's reader: infix, or LaTeX-aware), admitting what `options` allow. */
export type TreeReader = (text: string, options?: ReadOptions) => { readonly ok: true; readonly expr: Expr } | { readonly ok: false; readonly error: string };

/** A `problem` field read back: the tree, and the parameters its text carries (an ODE's coefficients; none for the others). */
export type ProblemTextRead = { readonly ok: true; readonly expr: Expr; readonly params: TaskParams } | { readonly ok: false; readonly error: string };

/** A candidate as a task checks it: the tree's check (simplified, keyed), then the task's own. */
export type TaskCheck = { readonly ok: true; readonly problem: TaskProblem; readonly key: string } | { readonly ok: false; readonly reason: string };

/** The computer algebra systems sagga drives as targets and references. */
export type CasName = 'nerdamer' | 'algebrite' | 'sympy' | 'maxima';

/** Who wrote an answer's text: a model (infix, LaTeX, prose) or a CAS in its own printing. */
export type AnswerSource = 'model' | CasName;

/** The built-in prompt wordings (`--prompt-template`). */
export type PromptStyle = 'antiderivbench' | 'asymob' | 'integralbench';

/** Is `answer` an antiderivative of `problem`? (`verifyPair` of src/verify, or a stand-in a caller passes.) */
export type AntiderivativeCheck = (problem: Expr, answer: Expr) => VerifyResult | Promise<VerifyResult>;

/** Is `answer` the answer to `problem`, by the task's own verifier? */
export type ProblemVerifier = (problem: TaskProblem, answer: Expr) => VerifyResult | Promise<VerifyResult>;

/** How a wrong answer is wrong, for the shrinker's symptom guard (see src/shrink/failureSymptom.ts). */
export type ErrorShape = 'constant' | 'varying' | 'unknown';

/** A parameter as the command line and the JSON lines name it. */
export interface TaskField {
  /** The JSON field (`lower`), and `--lower` on the command line. */
  readonly name: string;
  readonly description: string;
}

/**
 * A kind of problem sagga poses: indefinite integrals, definite integrals, limits, Taylor series.
 * Everything that depends on the task is here, so that the engine, the pipeline, the shrinker, the
 * targets, the run files, eval and the report call a `Task` and never ask which one it is. One
 * folder per task under src/tasks/, listed in registry.ts.
 */
export interface Task {
  /** `--task` and the `task` field of lines. */
  readonly name: string;
  /** What it asks, in a line (`sagga list tasks`). */
  readonly description: string;
  /** Its parameters, in the order lines and help list them; none for integrate. */
  readonly fields: readonly TaskField[];
  /** The seed set a search of this task starts from unless `--seeds` says otherwise. */
  readonly defaultSeeds: string;
  /** Who answers its problems, in plain words ("integrator"), for messages such as "problems any integrator solves". */
  readonly solverNoun: string;
  /** The computer algebra systems that can answer its problems (`sagga list targets` shows them). */
  readonly solvers: readonly CasName[];
  /** `--reference`'s default: solvers that prove a decline by solving the problem, in the order they are tried (less the target). */
  readonly references: readonly CasName[];
  /** The built-in prompt wordings it has. */
  readonly prompts: readonly PromptStyle[];
  /** Settings that shape its verdicts and mutations, for config.json (compared on `--resume`). */
  readonly settings: Readonly<Record<string, string | number | boolean>>;

  /** Its parameters from a line's fields (`lower`, `upper` …), all of them untrusted text; an error names the field. */
  readParams(line: Readonly<Record<string, unknown>>): ParamsRead;
  /** The fields a line gains: `{}` for integrate (its lines stay as they were), else `task` and the parameters. */
  lineFields(params: TaskParams): LineFields;
  /** Equal for equal problems (`x + 1` and `1 + x` with equal parameters). */
  key(problem: TaskProblem): string;
  /** The problem's shape with its numbers erased (`treeSignature` is src/expr/signature.ts, or a stand-in). */
  signature(problem: TaskProblem, treeSignature: (e: Expr) => string): string;
  /** The whole problem for people: `∫ x dx`, `∫_0^1 x dx`, `lim_{x→0+} sin(x)/x` … in infix or LaTeX. */
  statement(problem: TaskProblem, notation: 'infix' | 'latex'): string;
  /**
   * The problem as the `problem` field of its lines and of `cmd:` requests holds it (infix), and as
   * `latex` beside it: the tree itself for every task whose parameters are fields of their own; an
   * ODE's whole equation (`y'' + 4*y = sin(3*x)`), whose coefficients are parameters of its tree.
   */
  problemText(problem: TaskProblem, notation: 'infix' | 'latex'): string;
  /**
   * A `problem` field read back (`problemText`'s inverse, on untrusted text): the tree by `read`
   * (the caller's reader; `options` say what the task admits beyond an integrand's language) and the
   * parameters the text carries; the line's other fields are `readParams`'. An error says why not.
   */
  readProblem(text: string, read: TreeReader): ProblemTextRead;

  /**
   * One mutation: of the tree (by `mutateTree`, the run's operators) or, now and then, of a
   * parameter, drawn like a constant from `rng`. `constantScale` widens the range of new constants.
   * Integrate draws exactly what `mutateTree` draws.
   */
  mutate(problem: TaskProblem, rng: Rng, mutateTree: (tree: Expr) => Expr, constantScale: number): TaskProblem;
  /** Is this a fair problem? The run's tree check (simplifies and keys the tree), then the task's own constraint, saying why not. */
  check(problem: TaskProblem, checkTree: (tree: Expr) => CandidateCheck): TaskCheck;

  /** The user message of a built-in prompt wording; `latex` is the tree in LaTeX. */
  prompt(problem: TaskProblem, style: PromptStyle): string;
  /**
   * The command a CAS evaluates for this problem, its trees printed by `print` (the CAS's own
   * syntax: `defint(…)`, `limit(…)`). Undefined: the CAS's own integrator answers (integrate), or the
   * CAS is driven otherwise (SymPy reads the `cmd:` request's fields). Which CAS can answer at all
   * is `solvers`.
   */
  casCommand(cas: CasName, problem: TaskProblem, print: (tree: Expr) => string): string | undefined;
  /**
   * One answer's text read as this task's answer: `read` is the target's own reader (mathjs, SymPy,
   * LaTeX or a CAS's printing), given options the task needs (infinity for limits); the task first
   * takes what only it knows (a limit's `DNE`, a series' `+ O(x^n)`).
   */
  readAnswer(text: string, read: AnswerReader, source: AnswerSource): AnswerReading;
  /** Its verifier; `antiderivative` is the caller's check of an antiderivative (integrate's verifier, run where the caller runs it). */
  verifier(antiderivative: AntiderivativeCheck): ProblemVerifier;
  /** How a wrong answer errs, for the shrinker's symptom guard; `unknown` where the task cannot tell. */
  errorShape(problem: Expr, answer: Expr): ErrorShape;
  /** A few problems any solver of the task gets right: a target is asked them before it is trusted. */
  readonly canaries: readonly TaskProblem[];
}
