import { expect, it } from 'vitest';
import { describeTaskSurvivesKills, taskKillOptions } from '../helpers/describeTaskSurvivesKills.js';
import { runDriver } from '../helpers/searchDriver.js';

describeTaskSurvivesKills('definite', taskKillOptions('definite'), (reference) => {
  it('refuses to resume it as another task', async () => {
    const refused = await runDriver({ resume: reference, task: 'integrate' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/--task: the run has "definite", now "integrate"/);
  }, 120_000);
});
