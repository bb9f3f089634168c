import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { ApproachSamples } from '../../../src/tasks/limit/approachSampler.js';
import { classifyApproach } from '../../../src/tasks/limit/classifyApproach.js';

const D = Decimal.clone({ precision: 40 });

/** f sampled at the limit task's schedule shape: h = 2^-(i>>1) / (1.5 if i is odd) times 0.12. */
function samples(n: number, f: (h: Decimal) => Decimal | number): ApproachSamples {
  const steps = Array.from({ length: n }, (_, i) => new D('0.12').div(new D(2).pow(i >> 1).times(i % 2 === 1 ? 1.5 : 1)));
  return { values: steps.map((h) => new D(f(h))), steps, first: 0, lastX: steps[n - 1], reliableDigits: 30, cut: null, notReal: false, notRealInward: null };
}

describe('classifyApproach', () => {
  it('finds a finite limit with a small error where f settles smoothly', () => {
    const r = classifyApproach(samples(40, (h) => D.sin(h).div(h)));
    expect(r.kind).toBe('finite');
    if (r.kind === 'finite') {
      expect(r.value.minus(1).abs().lt('1e-25')).toBe(true);
      expect(r.error.lt('1e-20')).toBe(true);
    }
  });

  it('detects divergence to +oo and -oo, power-like and log-like', () => {
    expect(classifyApproach(samples(40, (h) => new D(1).div(h.pow(2))))).toMatchObject({ kind: 'infinite', sign: 1 });
    expect(classifyApproach(samples(40, (h) => h.ln()))).toMatchObject({ kind: 'infinite', sign: -1 });
  });

  it('detects oscillation that does not die out (sin(1/h)), and not one that does (h·sin(1/h))', () => {
    expect(classifyApproach(samples(90, (h) => D.sin(new D(1).div(h)))).kind).toBe('oscillating');
    const squeezed = classifyApproach(samples(90, (h) => h.times(D.sin(new D(1).div(h)))));
    expect(squeezed.kind).toBe('finite');
    if (squeezed.kind === 'finite') expect(squeezed.value.abs().plus(squeezed.error).lt('1e-12')).toBe(true);
  });

  it('does not call an oscillation that dies out slowly (h^(1/5)·sin(1/h)) either finite or oscillating', () => {
    expect(classifyApproach(samples(90, (h) => h.pow(0.2).times(D.sin(new D(1).div(h))))).kind).toBe('undecided');
  });

  it('is undecided on too few values and on a logarithmically slow approach', () => {
    expect(classifyApproach(samples(8, (h) => h)).kind).toBe('undecided');
    expect(classifyApproach(samples(90, (h) => new D(1).div(h.ln()))).kind).toBe('undecided');
  });

  it('reports a side with no real value at all', () => {
    expect(classifyApproach({ values: [], steps: [], first: 0, lastX: null, reliableDigits: 0, cut: null, notReal: true, notRealInward: null }).kind).toBe(
      'notReal',
    );
    expect(classifyApproach({ values: [], steps: [], first: 0, lastX: null, reliableDigits: 0, cut: null, notReal: false, notRealInward: null }).kind).toBe(
      'undecided',
    );
  });

  it('takes no limit from values that end where f stops being real: none on that side, or undecided where f is real again', () => {
    const settled = samples(40, (h) => D.sin(h).div(h));
    expect(classifyApproach({ ...settled, cut: 'f is not real or not computable at x = -1e-6', notRealInward: 'everywhere' }).kind).toBe('notReal');
    const back = classifyApproach({ ...settled, cut: 'f is not real or not computable at x = -1e-6', notRealInward: 'not everywhere' });
    expect(back).toMatchObject({ kind: 'undecided', why: 'f is not real or not computable at x = -1e-6, and real again at some point closer in' });
  });
});
