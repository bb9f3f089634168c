import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../../src/expr/parse.js';
import { costOf } from '../../../src/targets/costOf.js';
import { openAICacheFile, openaiTarget, type OpenAITargetOptions } from '../../../src/targets/openai/openaiTarget.js';
import { resolveTokenPrices } from '../../../src/targets/openai/resolveTokenPrices.js';
import type { ProblemOutcome, TargetProblem } from '../../../src/targets/types.js';
import { reply, type FakeRequest } from '../../../testkit/fakeOpenAIServer.js';
import { fakeServerFixtures } from '../../helpers/fakeServerFixtures.js';

function problem(i: number): TargetProblem {
  return { id: `p${i}`, expr: parseExpr(`x^${i}`), infix: `x^${i}`, latex: `x^{${i}}` };
}

function problemIndex(req: FakeRequest): number {
  return Number(/x\^\{(\d+)\}/.exec(req.prompt)![1]);
}

/** Each problem's reply reports its own token counts, so that a miscount shows. */
const billed = (req: FakeRequest) => {
  const i = problemIndex(req);
  const n = typeof req.body.n === 'number' ? req.body.n : 1;
  return reply.answer(String.raw`\boxed{\frac{x^{${i + 1}}}{${i + 1}}}`, { usage: { prompt_tokens: 11 + i, completion_tokens: (7 + 3 * i) * n } });
};

const sum = (outcomes: readonly ProblemOutcome[], f: (a: ProblemOutcome['answers'][number]) => number): number =>
  outcomes.reduce((s, o) => s + o.answers.reduce((t, a) => t + f(a), 0), 0);

const { server, tempDir } = fakeServerFixtures('sagga-accounting-');

const FAST: Partial<OpenAITargetOptions> = { apiKey: 'k-accounting', backoff: { initialDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 100 } };

describe('costOf', () => {
  it('prices input and output tokens per million', () => {
    expect(costOf({ prompt: 1_000_000, completion: 0 }, { inputPerMillion: 2.5, outputPerMillion: 10 })).toBe(2.5);
    expect(costOf({ prompt: 2_000, completion: 500 }, { inputPerMillion: 0.15, outputPerMillion: 0.6 })).toBeCloseTo(0.0006, 12);
    expect(costOf({ prompt: 0, completion: 0 }, { inputPerMillion: 5, outputPerMillion: 15 })).toBe(0);
  });
});

describe('resolveTokenPrices', () => {
  it('reads flags, a pricing file, its batch prices under --batch, and lets a flag win', async () => {
    const dir = await tempDir();
    const file = join(dir, 'prices.json');
    await writeFile(file, JSON.stringify({ input: 2, output: 8, batch: { input: 1, output: 4 } }));
    expect(await resolveTokenPrices({})).toBeUndefined();
    expect(await resolveTokenPrices({ priceInput: 0.15, priceOutput: 0.6 })).toEqual({ inputPerMillion: 0.15, outputPerMillion: 0.6 });
    expect(await resolveTokenPrices({ pricesFile: file })).toEqual({ inputPerMillion: 2, outputPerMillion: 8 });
    expect(await resolveTokenPrices({ pricesFile: file, batch: true })).toEqual({ inputPerMillion: 1, outputPerMillion: 4 });
    expect(await resolveTokenPrices({ pricesFile: file, priceOutput: 9 })).toEqual({ inputPerMillion: 2, outputPerMillion: 9 });
  });

  it('refuses half a price, a negative one, and a file that is not a pricing file', async () => {
    const dir = await tempDir();
    await expect(resolveTokenPrices({ priceInput: 1 })).rejects.toThrow(/both.*--price-output/);
    await expect(resolveTokenPrices({ priceInput: -1, priceOutput: 1 })).rejects.toThrow(/--price-input must be a non-negative/);
    const write = async (name: string, text: string): Promise<string> => {
      await writeFile(join(dir, name), text);
      return join(dir, name);
    };
    await expect(resolveTokenPrices({ pricesFile: await write('a.json', '{"input": 1}') })).rejects.toThrow(/"output".*non-negative number/);
    await expect(resolveTokenPrices({ pricesFile: await write('b.json', '{"input": 1, "output": 2, "inptu": 3}') })).rejects.toThrow(/unknown key "inptu"/);
    await expect(resolveTokenPrices({ pricesFile: await write('c.json', 'input: 1') })).rejects.toThrow(/not JSON/);
    await expect(resolveTokenPrices({ pricesFile: await write('d.json', `{"input": 1, "output": 2, "x": "${'y'.repeat(70_000)}"}`) })).rejects.toThrow(
      /larger than/,
    );
    await expect(resolveTokenPrices({ pricesFile: join(dir, 'missing.json') })).rejects.toThrow(/no such file/);
  });
});

describe('token and cost accounting, over real HTTP', () => {
  it('tokens and cost match what the servers billed, per answer, per endpoint and in all; cache hits cost nothing', async () => {
    const a = await server(billed);
    const b = await server(billed);
    const dir = await tempDir();
    const prices = { inputPerMillion: 3, outputPerMillion: 15 };
    const target = openaiTarget({ ...FAST, model: 'm', baseURL: `${a.baseURL},${b.baseURL}`, concurrency: 5, prices, cacheFile: openAICacheFile(dir) });
    const problems = Array.from({ length: 30 }, (_, i) => problem(i + 1));
    const outcomes = [...(await target.solve(problems.slice(0, 20), 1)), ...(await target.solve(problems.slice(20), 3))];
    const served = { prompt: a.tokens.prompt + b.tokens.prompt, completion: a.tokens.completion + b.tokens.completion };
    // What the problems' replies say, computed independently: 20 single answers, 10 requests with n = 3.
    const expected = {
      prompt: problems.reduce((s, _, i) => s + 11 + (i + 1), 0),
      completion: problems.reduce((s, _, i) => s + (7 + 3 * (i + 1)) * (i < 20 ? 1 : 3), 0),
    };
    expect(served).toEqual(expected);
    const stats = target.stats();
    expect(stats.tokens).toEqual({ ...served, total: served.prompt + served.completion });
    expect(stats.cost).toBeCloseTo(costOf(served, prices), 12);
    // Per answer: each request's usage and cost ride on its first answer only, so the sums are the bill.
    expect(sum(outcomes, (x) => x.tokenUsage?.prompt ?? 0)).toBe(served.prompt);
    expect(sum(outcomes, (x) => x.tokenUsage?.completion ?? 0)).toBe(served.completion);
    expect(sum(outcomes, (x) => x.cost ?? 0)).toBeCloseTo(stats.cost!, 12);
    expect(outcomes.slice(20).every((o) => o.answers[0].cost !== undefined && o.answers[1].cost === undefined && o.answers[2].cost === undefined)).toBe(true);
    // Per endpoint: each one's count is that server's own.
    const [ea, eb] = stats.endpoints;
    expect({ prompt: ea.tokens.prompt, completion: ea.tokens.completion }).toEqual(a.tokens);
    expect({ prompt: eb.tokens.prompt, completion: eb.tokens.completion }).toEqual(b.tokens);
    expect(ea.requests + eb.requests).toBe(30);

    // The same problems again: answered from the cache, no request, no token, no cost.
    const again = await target.solve(problems.slice(0, 20), 1);
    expect(a.requests.length + b.requests.length).toBe(30);
    expect(target.stats().tokens).toEqual(stats.tokens);
    expect(target.stats().cacheHits).toBe(20);
    expect(again.every((o) => o.answers[0].cost === undefined && o.answers[0].tokenUsage === undefined)).toBe(true);
    expect(target.describe()).toMatchObject({ price_input_per_million: 3, price_output_per_million: 15 });
    await target.close();
  });

  it('without prices, tokens are still counted and the cost is null', async () => {
    const s = await server(billed);
    const target = openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL });
    const outcomes = await target.solve([problem(4)], 1);
    expect(target.stats().tokens).toEqual({ prompt: 15, completion: 19, total: 34 });
    expect(target.stats().cost).toBeNull();
    expect(outcomes[0].answers[0].cost).toBeUndefined();
    expect(target.describe()).not.toHaveProperty('price_input_per_million');
    expect(() => openaiTarget({ ...FAST, model: 'm', baseURL: s.baseURL, prices: { inputPerMillion: Number.NaN, outputPerMillion: 1 } })).toThrow(
      /prices must be finite/,
    );
    await target.close();
  });
});
