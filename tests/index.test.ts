import { describe, expect, it } from 'vitest';
import { parametricVerifier, parseExpr, problemAssumptions, readTaskProblem, taskNamed, verifyPair, type ParameterAssumptions } from '../src/index.js';

/*
 * The package root's way to judge a line with parameters as a search does: read its problem, take
 * its assumptions, and verify an answer over instantiations of them.
 */
describe('the package root: problems with parameters', () => {
  const ode = taskNamed('ode');
  const line = { problem: "y' = A*y", conditions: [], parameters: { A: 'positive' } };

  it('reads a line with its parameters, and judges an answer right only for A = 1 incorrect, naming A', async () => {
    const read = readTaskProblem(ode, line);
    if (!read.ok) throw new Error(read.error);
    expect(read.parameters).toEqual<ParameterAssumptions>({ A: 'positive' });
    expect(problemAssumptions(read.problem)).toEqual({ A: 'positive' });
    const verify = parametricVerifier(ode.verifier(verifyPair), () => read.parameters);
    const answer = (text: string) => parseExpr(text, undefined, { parameters: ['A', 'C1'] });
    const right = await verify(read.problem, answer('C1*exp(A*x)'));
    expect(right.verdict, right.reason).toBe('correct');
    const blind = await verify(read.problem, answer('C1*exp(x)'));
    expect(blind.verdict).toBe('incorrect');
    expect(blind.reason).toMatch(/A = [\d.]+/);
  });

  it('refuses a line whose parameters are not assumptions it knows', () => {
    expect(readTaskProblem(ode, { ...line, parameters: { A: 'huge' } })).toMatchObject({ ok: false, error: expect.stringMatching(/^parameters: /) });
  });
});
