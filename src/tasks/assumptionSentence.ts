import type { ParameterLetter } from '../expr/parameters.js';
import { parameterNames, type Assumption, type ParameterAssumptions } from '../verify/parameterAssumptions.js';

const WORDS: Readonly<Record<Assumption, string>> = { positive: 'real and positive', negative: 'real and negative', nonzero: 'real and nonzero', real: 'real' };

/**
 * What a prompt states of a problem's parameters, in ASyMOB's words: `Assume A, B are real and
 * positive.` (parameters that share an assumption are named together, in letter order); '' without
 * parameters.
 */
export function assumptionSentence(parameters: ParameterAssumptions): string {
  const groups = new Map<Assumption, ParameterLetter[]>();
  for (const name of parameterNames(parameters)) {
    const assumption = parameters[name] ?? 'positive';
    groups.set(assumption, [...(groups.get(assumption) ?? []), name]);
  }
  const clauses = [...groups].map(([assumption, names]) => `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} ${WORDS[assumption]}`);
  return clauses.length === 0 ? '' : `Assume ${clauses.join(', and ')}.`;
}
