import type { ExtractOptions } from '../../answer/extractAnswer.js';
import type { Task } from '../../tasks/task.js';
import type { ParameterLetter } from '../../expr/parameters.js';
import { parameterNames } from '../../verify/parameterAssumptions.js';
import { costOf } from '../costOf.js';
import type { ProblemOutcome, TargetAnswer, TargetProblem, TokenUsage } from '../types.js';
import { answerFromCompletion } from './answerFromCompletion.js';
import { emptyCompletion } from './emptyCompletion.js';
import type { OpenAICounters } from './openaiCounters.js';
import type { OpenAITargetSettings } from './openaiTargetTypes.js';
import { promptFor } from './promptTemplates.js';
import type { CompletionChoice, CompletionResult } from './requestCompletions.js';
import { cacheKey, type CachedCompletion, type ResponseCache } from './responseCache.js';
import type { ChatMessage } from './serverQuirks.js';

/** A problem's k samples while they are being answered: its messages, their cache keys, the answers so far. */
export interface SampleSlots {
  /** The problem's parameters (`A`, `B` …): an answer is written in them, and its reader admits them. */
  readonly parameters: readonly ParameterLetter[];
  readonly messages: ChatMessage[];
  readonly keys: readonly string[];
  readonly answers: (TargetAnswer | undefined)[];
}

/** What `SampleAnswers` needs of the target it serves. */
export interface SampleAnswersContext {
  readonly settings: OpenAITargetSettings;
  /** The cache key's endpoint part: replicas serve one model, so the set of endpoints, not the one that answered. */
  readonly keyBaseURL: string;
  readonly task: Task;
  readonly extract: ExtractOptions | undefined;
  readonly counters: OpenAICounters;
  readonly redactErrors: (text: string) => string;
}

/**
 * Turns completions into a problem's answers: the samples the cache holds, each request's choices
 * (stored in the cache as they come), and transport faults as `error` answers.
 */
export class SampleAnswers {
  constructor(private readonly ctx: SampleAnswersContext) {}

  messagesFor(problem: TargetProblem): ChatMessage[] {
    const prompt = this.ctx.settings.prompt;
    return [
      ...(prompt.system !== undefined ? [{ role: 'system' as const, content: prompt.system }] : []),
      { role: 'user' as const, content: promptFor(prompt, this.ctx.task, problem) },
    ];
  }

  /** A problem's k samples: their cache keys, and the answers the cache already holds. */
  lookUp(problem: TargetProblem, k: number, store: ResponseCache | undefined, alwaysKeys: boolean): SampleSlots {
    const { settings, keyBaseURL, counters } = this.ctx;
    const messages = this.messagesFor(problem);
    const params = { temperature: settings.temperature, maxTokens: settings.maxTokens, extraBody: settings.extraBody };
    // An ask again of the same problem takes samples of its own: never the cached answers of the first.
    const first = Math.max(0, Math.floor(problem.repeat ?? 0)) * k;
    const keys =
      store === undefined && !alwaysKeys
        ? []
        : Array.from({ length: k }, (_, i) => cacheKey({ model: settings.model, baseURL: keyBaseURL, messages, params, sample: first + i }));
    const answers: (TargetAnswer | undefined)[] = new Array(k).fill(undefined);
    const parameters = parameterNames(problem.parameters ?? {});
    for (let i = 0; i < k && store !== undefined; i++) {
      const hit = store.get(keys[i]);
      // An empty completion an older version cached is no answer: asked again.
      if (hit !== undefined && emptyCompletion(toChoice(hit), hit.usage) === undefined) {
        counters.cacheHits++;
        answers[i] = this.answerFrom(toChoice(hit), 0, undefined, parameters);
      }
    }
    return { parameters, messages, keys, answers };
  }

  /**
   * Answers `indices` of a problem from one result; returns the indices it had no choice for. A
   * request's usage goes to its first answer only (`charge` false: another answer already carries it).
   */
  fill(slots: SampleSlots, store: ResponseCache | undefined, indices: readonly number[], result: CompletionResult, charge = true): number[] {
    const { answers, keys } = slots;
    if (!result.ok) {
      for (const i of indices) answers[i] = this.failureAnswer(result);
      return [];
    }
    const used = Math.min(indices.length, result.choices.length);
    for (let j = 0; j < used; j++) {
      const choice = result.choices[j];
      // The request's usage is charged to its first answer, so per-answer sums equal the bill.
      const usage = j === 0 && charge ? result.usage : undefined;
      // A message without content is not an answer (an error or not judged): never replayed from the cache.
      if (store !== undefined && !(choice.noContent === true && (choice.reasoning ?? '').trim() === '')) {
        // The thinking is only ever read when the content is empty; keep the cache small otherwise.
        const kept =
          choice.content.trim() === ''
            ? choice
            : { content: choice.content, ...(choice.finishReason !== undefined ? { finishReason: choice.finishReason } : {}) };
        store.put({ key: keys[indices[j]], ...kept, ...(usage !== undefined ? { usage } : {}) });
      }
      answers[indices[j]] = this.answerFrom(choice, result.latencyMs, usage, slots.parameters);
    }
    return indices.slice(used);
  }

  complete(problem: TargetProblem, slots: SampleSlots): ProblemOutcome {
    return { id: problem.id, answers: slots.answers.map((a) => a ?? { status: 'error', text: '', error: 'no answer was recorded', latencyMs: 0 }) };
  }

  private answerFrom(choice: CompletionChoice, latencyMs: number, usage: TokenUsage | undefined, parameters: readonly ParameterLetter[]): TargetAnswer {
    this.ctx.counters.answers++;
    const answer = answerFromCompletion(choice, latencyMs, usage, this.ctx.extract, this.ctx.task, parameters);
    const prices = this.ctx.settings.prices;
    return prices !== undefined && answer.tokenUsage !== undefined ? { ...answer, cost: costOf(answer.tokenUsage, prices) } : answer;
  }

  // A request that keeps timing out is reported as `error`, not `timeout`: over HTTP a slow network or
  // an overloaded server looks the same as a slow model, and a failure must never be claimed on that.
  private failureAnswer(result: Extract<CompletionResult, { ok: false }>): TargetAnswer {
    const counters = this.ctx.counters;
    counters.answers++;
    if (result.kind === 'timeout') counters.timeouts++;
    else counters.errors++;
    const error = this.ctx.redactErrors(result.kind === 'timeout' ? `timed out: ${result.error}` : result.error);
    return { status: 'error', text: '', error, latencyMs: result.latencyMs };
  }
}

function toChoice(c: CachedCompletion): CompletionChoice {
  return {
    content: c.content,
    ...(c.reasoning !== undefined ? { reasoning: c.reasoning } : {}),
    ...(c.finishReason !== undefined ? { finishReason: c.finishReason } : {}),
  };
}
