import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openaiJudge } from '../../src/judgeEval/openaiJudge.js';
import type { LabelledPair } from '../../src/judgeEval/judgeEvalTypes.js';
import { parseJudgeReply } from '../../src/judgeEval/parseJudgeReply.js';
import { createRng } from '../../src/util/rng.js';
import { reply, startFakeOpenAIServer, type FakeOpenAIServer } from '../../testkit/fakeOpenAIServer.js';

/** Replies by the answer in the prompt: a judge that reasons, one that breaks the format, a server that fails. */
function script(prompt: string) {
  const answer = /Proposed answer: F\(x\) = (.*)/.exec(prompt)?.[1] ?? '';
  switch (answer) {
    case 'x^2/2':
      return reply.answer('Differentiate: d/dx x^2/2 = x, which is f.\nFINAL VERDICT: CORRECT');
    case 'x^2':
      return reply.answer('d/dx x^2 = 2x, not x.\n\nFINAL VERDICT: INCORRECT\n');
    case 'x^3/3':
      return reply.answer('final verdict: correct');
    case 'x^4/4':
      return reply.answer('FINAL VERDICT: INCORRECT\nOn reflection:\nFINAL VERDICT: CORRECT');
    case 'x^5/5':
      return reply.answer('**FINAL VERDICT: CORRECT**');
    case 'x^6/6':
      return reply.status(500, { message: 'overloaded' });
    default:
      return reply.status(400, { message: `unexpected prompt: ${prompt.slice(0, 100)}` });
  }
}

describe('openai:<model> as a judge, over real HTTP', () => {
  let server: FakeOpenAIServer;
  beforeAll(async () => {
    server = await startFakeOpenAIServer((request) => script(request.prompt));
  });
  afterAll(() => server.close());

  test('asks with a μ-MATH-style prompt and reads the verdict line strictly', async () => {
    const judge = openaiJudge({
      model: 'judge-model',
      baseURL: server.baseURL,
      env: { OPENAI_API_KEY: 'sk-test-judge-key' },
      retries: 1,
      concurrency: 2,
      rng: createRng('t'),
    });
    const pairs: LabelledPair[] = ['x^2/2', 'x^2', 'x^3/3', 'x^4/4', 'x^5/5', 'x^6/6'].map((answer, i) => ({
      id: `p${i}`,
      problem: 'x',
      answer,
      label: 'correct',
    }));
    const verdicts = await judge.judge(pairs);
    expect(verdicts.map((v) => [v.id, v.verdict])).toEqual([
      ['p0', 'correct'],
      ['p1', 'incorrect'],
      ['p2', 'unknown'],
      ['p3', 'unknown'],
      ['p4', 'unknown'],
      ['p5', 'unknown'],
    ]);
    expect(verdicts[2].reason).toMatch(/does not end with the verdict line as asked/);
    expect(verdicts[3].reason).toBe('2 final verdict lines');
    expect(verdicts[5].reason).toMatch(/^no verdict: .*overloaded.*\(after 2 attempts\)/);
    // The failing pair was asked twice (one retry), every other once.
    expect(server.requests.filter((r) => r.prompt.includes('= x^6/6'))).toHaveLength(2);
    expect(server.requests).toHaveLength(7);
    const first = server.requests[0];
    expect(first.body.model).toBe('judge-model');
    expect(first.prompt).toContain('Problem: find an antiderivative F(x) of f(x) = x');
    expect(first.prompt).toMatch(/FINAL VERDICT: CORRECT\nFINAL VERDICT: INCORRECT$/);
    expect(first.headers.authorization).toBe('Bearer sk-test-judge-key');
    expect(JSON.stringify(verdicts)).not.toContain('sk-test-judge-key');
    expect(judge.describe()).toMatchObject({ model: 'judge-model', retries: 1 });
  });

  test('the strict reading of a reply', () => {
    expect(parseJudgeReply('so it is right\nFINAL VERDICT: CORRECT  \n\n').verdict).toBe('correct');
    expect(parseJudgeReply('FINAL VERDICT: INCORRECT').verdict).toBe('incorrect');
    expect(parseJudgeReply('FINAL VERDICT: CORRECT\nbecause …').verdict).toBe('unknown');
    expect(parseJudgeReply('Final Verdict: Correct').verdict).toBe('unknown');
    expect(parseJudgeReply('').verdict).toBe('unknown');
  });
});
