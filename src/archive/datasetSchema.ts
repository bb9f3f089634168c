import { NOT_RECORDED } from '../run/fromDatasetRow.js';

/**
 * A column's type, as Hugging Face `datasets` names it: a string, a 64-bit integer, a double, a
 * struct of columns, or a list of such structs.
 */
export type DatasetType = 'string' | 'int64' | 'float64' | { readonly struct: readonly DatasetColumn[] } | { readonly list: readonly DatasetColumn[] };

export interface DatasetColumn {
  readonly name: string;
  readonly type: DatasetType;
  /** What it holds, for the dataset card. */
  readonly description: string;
}

/** The format of the rows, in Parquet metadata and the dataset card. */
export const DATASET_FORMAT = 'sagga-dataset-v4';

/** The `status` of the answer a row carries when its run kept none (defined with the reader that drops it again). */
export { NOT_RECORDED };

const ANSWER_COLUMNS: readonly DatasetColumn[] = [
  { name: 'text', type: 'string', description: "the model's text" },
  { name: 'status', type: 'string', description: `ok, unparseable, no-answer, timeout, unjudged, error; ${NOT_RECORDED} when the run kept no answer` },
  { name: 'verdict', type: 'string', description: "the verifier's verdict on a parsed answer (correct, incorrect, unknown, invalid); empty when not verified" },
  { name: 'reason', type: 'string', description: 'why, in words' },
  { name: 'answer', type: 'string', description: 'the parsed answer in canonical infix; empty when none was read' },
];

const PROOF_COLUMNS: readonly DatasetColumn[] = [
  { name: 'by', type: 'string', description: 'verifier (a wrong answer) or reference (a reference target solved what the model did not); empty: unproven' },
  { name: 'reason', type: 'string', description: "the verifier's reason" },
  { name: 'reference', type: 'string', description: 'the reference target (by reference only)' },
  { name: 'answer', type: 'string', description: "the reference's answer, verified correct (by reference only)" },
];

/**
 * What a row's problem asks (`task`) and the task's parameters, one column per parameter of every
 * task (src/tasks/*: `fields`), empty (or 0) where the row's task has no such parameter; then what
 * the problem assumes of its own parameters. Without them a row of a definite integral, a limit or
 * a problem with parameters would pose another problem. Lists are joined into text: a list empty in
 * every row of a file would read as a list of nulls there.
 */
const TASK_COLUMNS: readonly DatasetColumn[] = [
  { name: 'task', type: 'string', description: 'what the problem asks: integrate (an antiderivative), definite, ode, series or limit' },
  { name: 'lower', type: 'string', description: 'definite: the lower bound (a number, a constant such as pi/2, -oo); empty for the other tasks' },
  { name: 'upper', type: 'string', description: 'definite: the upper bound; empty for the other tasks' },
  { name: 'point', type: 'string', description: 'series: the point of the expansion; limit: where x goes; empty for the other tasks' },
  { name: 'order', type: 'int64', description: 'series: the order n, up to and including (x - a)^n; 0 for the other tasks' },
  { name: 'direction', type: 'string', description: 'limit: from the right (+), the left (-) or both (+-); empty for the other tasks' },
  {
    name: 'conditions',
    type: 'string',
    description: "ode: the conditions, joined by '; ' (y(0)=1; y'(0)=0); empty for a general solution and the other tasks",
  },
  {
    name: 'parameters',
    type: 'string',
    description: "what the problem assumes of its parameters (symbols other than x), joined by '; ' (A: positive; B: real); empty when it has none",
  },
];

/**
 * The rows of `sagga archive export` (JSON Lines, CSV, Parquet), in order: every column in every
 * row, each of one type in every export, never null. Absent values are the empty string, 0 or an
 * empty struct, as each column says: Hugging Face `datasets` and DuckDB infer a column's type from
 * the values, and a column that is null in all of one file's rows would get the null type there
 * and a string type in another's, and the two would not load together.
 */
export const DATASET_COLUMNS: readonly DatasetColumn[] = [
  { name: 'id', type: 'string', description: 'the archive line\'s id (bug rows); "e-" and a hash of the problem\'s key for the others' },
  {
    name: 'role',
    type: 'string',
    description: 'bug (an archive line: one per distinct failure), variant (a later failure with an archived signature), unproven (a failure no proof holds)',
  },
  { name: 'variant_of', type: 'string', description: 'the id of the bug a variant repeats; empty otherwise' },
  {
    name: 'problem',
    type: 'string',
    description: "the problem's expression in canonical infix (mathjs syntax): the integrand f(x), a limit's or a series' function; an ODE's whole equation",
  },
  ...TASK_COLUMNS,
  { name: 'latex', type: 'string', description: 'the problem in LaTeX' },
  { name: 'key', type: 'string', description: 'canonical key: equal for problems that are trivially the same' },
  { name: 'generation', type: 'int64', description: 'the generation that asked it' },
  { name: 'fitness', type: 'float64', description: 'its fitness in the search' },
  { name: 'length', type: 'int64', description: "its length in the run's length measure (chars, tokens or nodes)" },
  { name: 'chars', type: 'int64', description: 'characters of the canonical infix' },
  { name: 'tokens', type: 'int64', description: 'prefix tokens' },
  { name: 'nodes', type: 'int64', description: 'tree nodes' },
  { name: 'depth', type: 'int64', description: 'tree depth' },
  { name: 'terms', type: 'int64', description: 'top-level terms' },
  { name: 'target', type: 'string', description: 'the model under test' },
  { name: 'kind', type: 'string', description: 'wrong, unparseable, no-answer or timeout' },
  { name: 'reason', type: 'string', description: 'why it is a failure (or, for an unproven one, why it is unproven)' },
  { name: 'parent', type: 'string', description: 'the problem it was mutated from; empty when not recorded' },
  { name: 'proof_by', type: 'string', description: 'proof.by, flat' },
  { name: 'proof_reference', type: 'string', description: 'proof.reference, flat' },
  { name: 'signature', type: 'string', description: "the minimal problem with every number replaced by #: the bug's shape; empty when not recorded" },
  { name: 'minimal_problem', type: 'string', description: 'minimal.problem, flat' },
  { name: 'minimal_nodes', type: 'int64', description: 'minimal.nodes, flat (0: no minimal form)' },
  { name: 'variants', type: 'int64', description: 'bug rows: how many later failures had its signature (they are the variant rows); 0 otherwise' },
  { name: 'answers', type: { list: ANSWER_COLUMNS }, description: "the model's answers" },
  { name: 'proof', type: { struct: PROOF_COLUMNS }, description: "why it is the model's failure (all empty: unproven)" },
  {
    name: 'minimal',
    type: {
      struct: [
        { name: 'problem', type: 'string', description: 'the smallest problem found that still fails the same way; empty: no minimal form' },
        { name: 'answers', type: { list: ANSWER_COLUMNS }, description: "the model's answers to it" },
        { name: 'proof', type: { struct: PROOF_COLUMNS }, description: 'its proof' },
        { name: 'nodes', type: 'int64', description: 'its tree nodes (0: no minimal form)' },
      ],
    },
    description: 'the minimal failing problem',
  },
  {
    name: 'sources',
    type: {
      list: [
        { name: 'run', type: 'string', description: 'the run (its directory name)' },
        { name: 'id', type: 'string', description: "the line's id there" },
      ],
    },
    description: 'where the row comes from: its run, or every run a merged archive found it in',
  },
];
