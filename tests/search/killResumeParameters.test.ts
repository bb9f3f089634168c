import { describeTaskSurvivesKills } from '../helpers/describeTaskSurvivesKills.js';

/* A search with parameters (+symbolic) against a model that takes every parameter to be 1. */
describeTaskSurvivesKills(
  'integrate',
  {
    target: 'cmd:node tests/fixtures/cmd/parameter-blind.mjs',
    mutations: 'distance+symbolic',
    reference: 'none',
    canaries: false,
    rngSeed: 'kill-parameters',
    generationSize: 30,
    seedSize: 10,
    clusters: 3,
    maxGenerations: 3,
    concurrency: 2,
    json: true,
  },
  undefined,
  { title: 'a search with parameters', archivedLine: (l) => typeof l.parameters === 'object' && l.parameters !== null },
);
