import { describe, expect, it } from 'vitest';
import { answersFromRecords } from '../../src/archive/answersFromRecords.js';
import { toInfix } from '../../src/expr/toInfix.js';

describe('answersFromRecords', () => {
  it('reads archived answers back into target answers, with the limits answers are read under', () => {
    const answers = answersFromRecords([
      { text: 'big', status: 'ok', verdict: 'incorrect', reason: 'r', answer: '9.697262585831001e+150*x' },
      { text: '', status: 'no-answer', verdict: null, reason: 'declined' },
    ]);
    expect(answers?.map((a) => a.status)).toEqual(['ok', 'no-answer']);
    expect(answers?.[0].status === 'ok' && toInfix(answers[0].expr)).toBe('9.697262585831001e+150*x');
  });

  it('refuses what it cannot read rather than guess: unknown status, an ok answer without a readable expression, not a list', () => {
    expect(answersFromRecords([{ text: 'x', status: 'great' }])).toBeUndefined();
    expect(answersFromRecords([{ text: 'x', status: 'ok', answer: 'sin((' }])).toBeUndefined();
    expect(answersFromRecords([{ text: 'x', status: 'ok' }])).toBeUndefined();
    expect(answersFromRecords('x')).toBeUndefined();
    expect(answersFromRecords([null])).toBeUndefined();
  });
});
