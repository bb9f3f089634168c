import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { ANSWER_LIMITS } from '../../src/targets/answerReading.js';
import { unroundedVerdict } from '../../src/verify/unroundedVerdict.js';

describe('unroundedVerdict', () => {
  it('turns incorrect into unknown only for an answer with an integer beyond 2^53', () => {
    const huge = parseExpr('1546132562196033993109383389296863818106322566003/2587096120', ANSWER_LIMITS);
    expect(unroundedVerdict(huge, 'incorrect', 'differs')).toEqual(['unknown', expect.stringMatching(/rounded when read.*differs/)]);
    expect(unroundedVerdict(parseExpr('9007199254740991/3', ANSWER_LIMITS), 'incorrect', 'differs')).toEqual(['incorrect', 'differs']);
    expect(unroundedVerdict(huge, 'correct', 'agrees')).toEqual(['correct', 'agrees']);
    expect(unroundedVerdict(undefined, 'incorrect', 'DNE')).toEqual(['incorrect', 'DNE']);
  });
});
