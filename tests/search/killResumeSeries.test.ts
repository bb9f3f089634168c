import { describeTaskSurvivesKills, taskKillOptions } from '../helpers/describeTaskSurvivesKills.js';

/*
 * A series search against a scripted model that answers at once: its points and orders survive
 * kills with the rest. No reference: its wrong coefficients are proven by the verifier alone, and
 * generations of 40 reach the cosines its bug needs.
 */
describeTaskSurvivesKills('series', { ...taskKillOptions('series'), reference: 'none', generationSize: 40 }, undefined, {
  title: 'a series search',
  archivedLine: (l) => l.task === 'series' && typeof l.point === 'string' && typeof l.order === 'number',
});
