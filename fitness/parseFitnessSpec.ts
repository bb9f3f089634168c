import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { tryParseExpr } from '../src/expr/parse.js';
import type { Expr } from '../src/expr/types.js';
import { builtinSeedSets, loadSeeds } from '../src/seeds/loadSeeds.js';
import { parseExpressionLines } from '../src/seeds/parseExpressionLines.js';
import { composeFitness } from './composeFitness.js';
import { failureFitness } from './failureFitness.js';
import { nearFitness, type NearTarget } from './nearFitness.js';
import { requireOpsFitness } from './requireOpsFitness.js';
import { shortFitness } from './shortFitness.js';
import { splitFitnessSpec } from './splitFitnessSpec.js';
import { targetLengthFitness } from './targetLengthFitness.js';
import { DISTANCE_KINDS, LENGTH_MEASURES, type DistanceKind, type EmbedTargets, type Fitness, type FitnessTerm, type LengthMeasure } from './types.js';

export interface FitnessSpecOptions {
  /** `--require-ops`: a list or a comma-separated string of function names, e.g. `sin,cos,tan`. */
  readonly requireOps?: readonly string[] | string;
  /** `--distance` for `near:`; default 'cosine'. */
  readonly distance?: DistanceKind;
  /** Size measure for `short` and `length:<L>`; default 'chars' (the reference's len(str(expr))). */
  readonly lengthMeasure?: LengthMeasure;
  /** Embeds the targets of `near:` when the distance is cosine. */
  readonly embed?: EmbedTargets;
  /** Directory against which a relative `near:FILE` is resolved; default process.cwd(). */
  readonly baseDir?: string;
}

export const FITNESS_SPECS: readonly string[] = ['short', 'length:<L>', 'near:<FILE|seed set|expr>', 'terms joined by *'];

const MAX_TARGET_FILE_BYTES = 4 * 1024 * 1024;

function specError(spec: string, why: string): Error {
  return new Error(`invalid fitness spec '${spec}': ${why}; valid ones: ${FITNESS_SPECS.join(', ')}`);
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** `near:` targets: a file (one expression per line; `.txt` may be left out), else a built-in seed set name, else one expression. */
function readNearTargets(arg: string, spec: string, baseDir: string): Expr[] {
  if (arg.trim() === '') throw specError(spec, 'near: needs a file, a seed set name or an expression');
  // `near:seeds/target` names seeds/target.txt, as the paper's runs are usually written.
  const given = resolve(baseDir, arg);
  const path = isFile(given) || !isFile(`${given}.txt`) ? given : `${given}.txt`;
  if (isFile(path)) {
    if (statSync(path).size > MAX_TARGET_FILE_BYTES) throw new Error(`${path}: target file larger than ${MAX_TARGET_FILE_BYTES} bytes`);
    const exprs = parseExpressionLines(readFileSync(path, 'utf8'), path);
    if (exprs.length === 0) throw new Error(`${path}: no target expressions (one per line, '#' starts a comment)`);
    return exprs;
  }
  if (builtinSeedSets().includes(arg)) return [...loadSeeds(arg).exprs];
  const parsed = tryParseExpr(arg);
  if (!parsed.ok) {
    throw specError(
      spec,
      `'${arg}' is not a file, nor a built-in seed set (${builtinSeedSets().join(', ')}), nor an expression (${parsed.error.message} at column ${parsed.error.position + 1})`,
    );
  }
  return [parsed.expr];
}

function requireOpsList(v: readonly string[] | string | undefined): string[] {
  if (v === undefined) return [];
  const list = typeof v === 'string' ? v.split(',') : v.flatMap((s) => s.split(','));
  return list.map((s) => s.trim()).filter((s) => s !== '');
}

/**
 * Build the fitness of a run from `--fitness SPEC` and its companion options. Every fitness is the
 * failure indicator m (Fail@k) times the spec's terms (times `requireOps`):
 * - `short`: m · 1/|x| (paper eq. 6, the default);
 * - `length:<L>`: m · 1/(|len(x) − L| + 1) (eq. 7 as the reference computes it);
 * - `near:<FILE|seed set|expr>`: m · 1/min_t d(t, x) (eq. 4), d per `distance`;
 * - terms joined by `*` multiply, e.g. `length:20*near:seeds/target.txt`.
 * Throws on an unknown spec, listing the valid ones.
 */
export async function parseFitnessSpec(spec: string, options: FitnessSpecOptions = {}): Promise<Fitness> {
  const measure = options.lengthMeasure ?? 'chars';
  if (!LENGTH_MEASURES.includes(measure)) throw new Error(`unknown length measure '${String(measure)}'; valid ones: ${LENGTH_MEASURES.join(', ')}`);
  const distance = options.distance ?? 'cosine';
  if (!DISTANCE_KINDS.includes(distance)) throw new Error(`unknown distance '${String(distance)}'; valid ones: ${DISTANCE_KINDS.join(', ')}`);

  const terms: FitnessTerm[] = [failureFitness];
  for (const term of splitFitnessSpec(spec)) terms.push(await parseFitnessTerm(term, spec, { ...options, lengthMeasure: measure, distance }));
  const ops = requireOpsList(options.requireOps);
  if (ops.length > 0) terms.push(requireOpsFitness(ops));
  return composeFitness(terms);
}

/** One term of a spec (`short`, `length:<L>` or `near:<…>`); `spec` is the whole spec, for messages. */
async function parseFitnessTerm(
  term: string,
  spec: string,
  options: FitnessSpecOptions & { readonly lengthMeasure: LengthMeasure; readonly distance: DistanceKind },
): Promise<FitnessTerm> {
  const colon = term.indexOf(':');
  const head = colon >= 0 ? term.slice(0, colon) : term;
  const arg = colon >= 0 ? term.slice(colon + 1) : undefined;
  if (head === 'short' && arg === undefined) return shortFitness(options.lengthMeasure);
  if (head === 'length') {
    const L = arg === undefined || arg.trim() === '' ? NaN : Number(arg);
    if (!Number.isFinite(L) || L <= 0) throw specError(spec, `length:<L> needs a positive number L, got '${arg ?? ''}'`);
    return targetLengthFitness(L, options.lengthMeasure);
  }
  if (head === 'near' && arg !== undefined) {
    const exprs = readNearTargets(arg, spec, options.baseDir ?? process.cwd());
    if (options.distance !== 'cosine')
      return nearFitness(
        exprs.map((expr) => ({ expr })),
        options.distance,
      );
    if (!options.embed) throw new Error('near: with cosine distance needs an embedder for the targets; or use --distance tree');
    const embeddings = await options.embed(exprs);
    if (embeddings.length !== exprs.length) throw new Error(`embedder returned ${embeddings.length} embeddings for ${exprs.length} targets`);
    const targets: NearTarget[] = exprs.map((expr, i) => ({ expr, embedding: embeddings[i] }));
    return nearFitness(targets, options.distance);
  }
  throw specError(spec, term === spec ? 'unknown spec' : `unknown term '${term}'`);
}
