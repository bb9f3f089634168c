/**
 * sagga as a library: the typed functions the command line is built on. Everything here is stable
 * API; anything imported from deeper paths is not.
 *
 * ```ts
 * import { verifyStrings, createTarget, search } from 'sagga';
 * verifyStrings('x*cos(x)', 'x*sin(x) + cos(x)').verdict;   // 'correct'
 * ```
 */

// Expressions: the whitelisted tree every problem and answer is parsed into.
export { parseExpr, tryParseExpr } from './expr/parse.js';
export { ParseError, type ParseResult } from './expr/parseError.js';
export type { ReadOptions } from './expr/readOptions.js';
export { toInfix } from './expr/toInfix.js';
export { toLatex } from './expr/toLatex.js';
export { toPrefix } from './expr/toPrefix.js';
export { canonicalKey } from './expr/canonicalKey.js';
export { signature } from './expr/signature.js';
export type { Expr } from './expr/types.js';
export { parseLatex, tryParseLatex } from './answer/parseLatex.js';
export { extractAnswer, type ExtractedAnswer } from './answer/extractAnswer.js';

// Verification: is F an antiderivative of f?
export { verifyStrings } from './verify/verifyStrings.js';
export { verifyPair } from './verify/verifyPair.js';
export { verifyBatch, type VerifyBatchPair, type VerifyBatchOptions } from './verify/verifyBatch.js';
export type { Verdict, VerifyOptions, VerifyResult } from './verify/types.js';
export type { Domain } from './verify/domain.js';
export { parseDomain, type ParsedDomain } from './verify/parseDomain.js';

// Models under test.
export { createTarget, TARGET_SPECS, type TargetOptions, type OpenAIOptions } from './targets/registry.js';
export type { BatchJobIntent, BatchJobRecord, BatchJobHooks } from './targets/targetOptions.js';
export { costOf, type TokenPrices } from './targets/costOf.js';
export type {
  Target,
  TargetProblem,
  TargetAnswer,
  OkAnswer,
  FailedAnswer,
  ProblemOutcome,
  AnswerStatus,
  TargetStats,
  TargetSettings,
  TokenUsage,
} from './targets/types.js';
export { checkCanaries, type CanaryCheck, type CanaryCheckOptions, type CanaryResult } from './targets/checkCanaries.js';
export { CANARY_PROBLEMS } from './targets/canaryProblems.js';
export { TargetUnhealthyError } from './targets/targetUnhealthyError.js';

// Tasks: what is asked (integrate, definite, series, limit, ode), behind one interface; problems with parameters in any of them.
export { TASK_REGISTRY, TASK_NAMES, taskNamed } from './tasks/registry.js';
export { verifyTaskLine } from './tasks/verifyTaskLine.js';
export { readTaskProblem, type TaskProblemRead } from './tasks/readTaskProblem.js';
export { parametricVerifier } from './tasks/parametricVerifier.js';
export { problemAssumptions } from './tasks/problemAssumptions.js';
export type { Task, TaskProblem, TaskParams, TaskField, CasName, LineFields } from './tasks/task.js';
export type { ParameterAssumptions, Assumption } from './verify/parameterAssumptions.js';

// The search, and reading what it wrote.
export { search, type SearchOptions } from './search/search.js';
export { silentProgress, type ProgressReporter, type SearchSummary } from './search/progressReporter.js';
export type { SearchCommandResult as SearchResult, SearchCommandIo as SearchIo } from './search/searchWithServices.js';
export { readRun, NotARunError } from './run/readRun.js';

// Benchmarks: a problem set or an archive as a benchmark for a target; judges measured on labelled pairs.
export { runEval, type EvalOptions, type EvalDeps } from './eval/runEval.js';
export { readEvalProblems, type EvalProblems } from './eval/readEvalProblems.js';
export { passAtK } from './eval/passAtK.js';
export type { EvalReport, EvalMetrics, MetricValue, TransferTable } from './eval/evalTypes.js';
export { runJudgeEval, type JudgeEvalResult } from './judgeEval/runJudgeEval.js';
export { createJudge, JUDGE_SPECS, type JudgeSettings } from './judgeEval/createJudge.js';
export type { Judge, JudgeEvalReport, JudgeScore, LabelledPair } from './judgeEval/judgeEvalTypes.js';

// Shrinking a failure to its minimal failing form, one by one or a whole archive after the fact.
export { shrinkFailure } from './shrink/shrinkFailure.js';
export { targetProbe, type TargetProbeOptions } from './shrink/targetProbe.js';
export type { ShrinkOptions, ShrinkResult, ShrinkStep, ShrinkStop, ShrinkProbe, ProbeCache, ProbeRecord } from './shrink/types.js';
export { archiveShrink, type ArchiveShrinkOptions, type ArchiveShrinkResult } from './archive/archiveShrink.js';
