import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/expr/parse.js';
import { FailureArchive, type FailureOffer } from '../../src/search/failureArchive.js';

const offer = (id: string, signature: string, fitness = 0.2, shape = signature): FailureOffer => ({
  id,
  signature,
  shape,
  fitness,
  length: 5,
  problem: parseExpr('x'),
  minimal: parseExpr('x'),
});

describe('FailureArchive.add', () => {
  it('seats a new bug, counts its repeats as variants with a falling fitness, and says why a bug took no seat', () => {
    const archive = new FailureArchive({ tau: 0.1, archiveSize: 2, novelty: 'signature' });
    expect(archive.add(offer('a', 'S1'))).toEqual({ status: 'new', fitness: 0.2 });
    expect(archive.add(offer('b', 'S1'))).toEqual({ status: 'variant', fitness: 0.1, variantOf: 'a' });
    expect(archive.add(offer('c', 'S1'))).toEqual({ status: 'variant', fitness: 0.2 / 3, variantOf: 'a' });
    // Its unshrunk shape names the same bug too.
    expect(archive.add(offer('d', 'S9', 0.2, 'S1'))).toMatchObject({ status: 'variant', variantOf: 'a' });
    expect(archive.add(offer('e', 'S2', 0.05))).toEqual({ status: 'below-tau', fitness: 0.05 });
    expect(archive.add(offer('f', 'S3'))).toMatchObject({ status: 'new' });
    expect(archive.add(offer('g', 'S4'))).toMatchObject({ status: 'full' });
    expect(archive.count).toBe(2);
    expect(archive.distinct).toBe(2);
    expect(archive.knownBugs().map((b) => b.id)).toEqual(['a', 'f']);
    expect(archive.state().variants).toEqual({ a: 3 });
  });

  it('under exact novelty seats every failure, and resumes from its state', () => {
    const archive = new FailureArchive({ tau: 0, archiveSize: 10, novelty: 'exact' });
    expect(archive.add(offer('a', 'S1')).status).toBe('new');
    expect(archive.add(offer('b', 'S1')).status).toBe('new');
    expect(archive.distinct).toBe(1);
    const again = new FailureArchive({ tau: 0, archiveSize: 10, novelty: 'signature' }, JSON.parse(JSON.stringify(archive.state())));
    expect(again.add(offer('c', 'S1'))).toMatchObject({ status: 'variant', variantOf: 'a' });
  });
});
