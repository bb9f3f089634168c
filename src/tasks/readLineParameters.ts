import { parseParameterAssumptions, type ParameterAssumptions } from '../verify/parameterAssumptions.js';

/** What a line assumes of its problem's parameters (`{"A": "positive"}`), as run files and readers hold it. */
export type LineParameters = ParameterAssumptions;

/** A line's `parameters` field, checked (parameter letters, known assumptions); null when absent or not readable. */
export function readLineParameters(raw: unknown): LineParameters | null {
  if (raw === undefined || raw === null) return null;
  const read = parseParameterAssumptions(raw);
  return read.ok && Object.keys(read.parameters).length > 0 ? read.parameters : null;
}
