import { describeTaskSurvivesKills, taskKillOptions } from '../helpers/describeTaskSurvivesKills.js';

/*
 * An ODE search against a scripted model that answers at once (SymPy's dsolve under a time limit
 * would answer differently under load): its coefficients and conditions survive kills with the rest.
 * No reference: none that solves ODEs is quick and deterministic.
 */
describeTaskSurvivesKills('ode', { ...taskKillOptions('ode'), reference: 'none' }, undefined, {
  title: 'an ODE search',
  archivedLine: (l) => l.task === 'ode' && Array.isArray(l.conditions),
});
