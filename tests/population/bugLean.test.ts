import { describe, expect, it } from 'vitest';
import { bugLeanText, isBugLeanText, legacyBugLean, parseBugLean, runBugLean } from '../../src/population/bugLean.js';

describe('bugLean', () => {
  it('reads none, rank and newest:p, and writes them back as read', () => {
    for (const text of ['none', 'rank', 'newest:0.5', 'newest:1']) expect(bugLeanText(parseBugLean(text))).toBe(text);
    expect(parseBugLean('newest:0.25')).toEqual({ kind: 'newest', odds: 0.25 });
    expect(parseBugLean('newest:.5')).toEqual({ kind: 'newest', odds: 0.5 });
    // What it writes it reads again, a small odds in exponent form included.
    const small = bugLeanText(parseBugLean('newest:0.0000001'));
    expect(small).toBe('newest:1e-7');
    expect(parseBugLean(small)).toEqual({ kind: 'newest', odds: 1e-7 });
    expect(parseBugLean(' rank ')).toEqual({ kind: 'rank' });
  });

  it('refuses anything else, saying what it accepts', () => {
    for (const text of [
      '',
      'Rank',
      'newest',
      'newest:',
      'newest:0',
      'newest:-0.5',
      'newest:1.5',
      'newest:abc',
      'oldest:0.5',
      'newest:0x1',
      'newest:0b1',
      'newest:Infinity',
      'newest: 0.5',
    ])
      expect(() => parseBugLean(text), text).toThrow(/expected none, rank or newest:p with 0 < p ≤ 1/);
    expect(isBugLeanText('newest:0.5')).toBe(true);
    expect(isBugLeanText('newest:2')).toBe(false);
    expect(isBugLeanText(0.5)).toBe(false);
  });

  it('gives a run made before the setting the lean it was made with: newestBugOdds above 0, or none', () => {
    expect(legacyBugLean(undefined)).toEqual({ kind: 'none' });
    expect(legacyBugLean(0)).toEqual({ kind: 'none' });
    expect(legacyBugLean(0.5)).toEqual({ kind: 'newest', odds: 0.5 });
    // A run's lean: its `bugLean` where it has one, else the legacy one.
    expect(runBugLean({ bugLean: 'rank', newestBugOdds: 0.5 })).toEqual({ kind: 'rank' });
    expect(runBugLean({ newestBugOdds: 0.5 })).toEqual({ kind: 'newest', odds: 0.5 });
    expect(runBugLean({})).toEqual({ kind: 'none' });
  });
});
