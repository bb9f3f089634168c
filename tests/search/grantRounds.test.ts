import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { GrantRounds, type Turn } from '../../src/search/grantRounds.js';

const spending = (input: number) => ({ input, output: 0, cost: 0 });

/** Let every pending promise and the rounds' own check run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await nextTurn();
}

describe('GrantRounds', () => {
  it("grants a round's turns in lane order, however they were asked for, once no lane is running", async () => {
    const rounds = new GrantRounds<string>(10);
    const lanes = [0, 1, 2, 3].map((order) => rounds.lane(order));
    const granted: string[] = [];
    const ask = (order: number) =>
      lanes[order].wait(rounds.request(order, `lane ${order}`).turn).then((turn) => {
        granted.push(`lane ${order}: turn ${turn.index}`);
        return turn;
      });
    const asked = [ask(3), ask(1)];
    await settle();
    // Lanes 0 and 2 still run: no round yet.
    expect(granted).toEqual([]);
    asked.push(ask(2));
    lanes[0].leave();
    await Promise.all(asked);
    expect(granted).toEqual(['lane 1: turn 1', 'lane 2: turn 2', 'lane 3: turn 3']);
  });

  it('has at most `lag` turns unsettled, and tells each what the turns before it spent, all but the last `lag`', async () => {
    const rounds = new GrantRounds<string>(2);
    const requests = [1, 2, 3, 4, 5].map((order) => rounds.request(order, ''));
    const turns: Turn[] = [];
    for (const r of requests) void r.turn.then((t) => turns.push(t));
    await settle();
    expect(turns.map((t) => t.index)).toEqual([1, 2]);
    // The second settles first: the third still waits for the first.
    turns[1].settle(spending(20));
    await settle();
    expect(turns.map((t) => t.index)).toEqual([1, 2]);
    turns[0].settle(spending(10));
    await settle();
    expect(turns.map((t) => t.index)).toEqual([1, 2, 3, 4]);
    expect(turns[2].settledBefore).toEqual(spending(10));
    expect(turns[3].settledBefore).toEqual(spending(30));
    turns[3].settle(spending(40));
    turns[2].settle(spending(30));
    await settle();
    expect(turns[4].settledBefore).toEqual(spending(60));
  });

  it('begins the next round only once every turn of this one has settled and its lanes wait again', async () => {
    const rounds = new GrantRounds<string>(4);
    const a = rounds.lane(0);
    const b = rounds.lane(1);
    const first = await Promise.all([a.wait(rounds.request(0, 'a').turn), b.wait(rounds.request(1, 'b').turn)]);
    // b asks again at once; a is still out.
    const again = b.wait(rounds.request(1, 'b again').turn);
    first[1].settle(spending(1));
    let next: Turn | undefined;
    void again.then((t) => (next = t));
    await settle();
    expect(next).toBeUndefined();
    first[0].settle(spending(1));
    await settle();
    // a's answer is in, but a runs (it is judging it): still no round.
    expect(next).toBeUndefined();
    a.leave();
    await settle();
    expect(next?.index).toBe(3);
  });

  it('gives a turn shared by two lanes the place of the lower one, until its round begins', async () => {
    const rounds = new GrantRounds<string>(1);
    const late = rounds.request(5, 'shrinking');
    const other = rounds.request(3, 'problems');
    late.claim(1, 'references');
    const order: string[] = [];
    for (const r of [late, other])
      void r.turn.then((t) => {
        order.push(r.tag);
        t.settle(spending(0));
      });
    await settle();
    expect(order).toEqual(['references', 'problems']);
    // Once its round has begun, a claim changes nothing.
    const fixed = rounds.request(7, 'shrinking');
    await settle();
    fixed.claim(0, 'problems');
    expect(fixed.tag).toBe('shrinking');
  });
});
