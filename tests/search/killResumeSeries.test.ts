import { describeTaskSurvivesKills, taskKillOptions } from '../helpers/describeTaskSurvivesKills.js';

/*
 * A series search against a scripted model that answers at once: its points and orders survive
 * kills with the rest. No reference and no canaries: the model answers only Taylor problems, and
 * its wrong coefficients are proven by the verifier alone.
 */
describeTaskSurvivesKills('series', { ...taskKillOptions('series'), reference: 'none', canaries: false }, undefined, {
  title: 'a series search',
  archivedLine: (l) => l.task === 'series' && typeof l.point === 'string' && typeof l.order === 'number',
});
