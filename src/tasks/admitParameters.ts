import type { ParameterLetter } from '../expr/parameters.js';
import type { AnswerReader } from './answerReading.js';

/**
 * A reader that also admits a problem's parameters (`A`, `B` …) in an answer, besides whatever its
 * caller admits (an ODE's constants C1, C2): an answer to a problem with parameters is written in
 * them. Without parameters, `read` itself.
 */
export function admitParameters(read: AnswerReader, names: readonly ParameterLetter[]): AnswerReader {
  if (names.length === 0) return read;
  return (text, options) => read(text, { ...options, parameters: [...(options?.parameters ?? []), ...names] });
}
