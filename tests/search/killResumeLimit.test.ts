import { describeTaskSurvivesKills, taskKillOptions } from '../helpers/describeTaskSurvivesKills.js';

describeTaskSurvivesKills('limit', taskKillOptions('limit'));
