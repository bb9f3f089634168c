import type { ParameterValues } from '../expr/edit/instantiate.js';
import type { ParameterName } from '../expr/parameters.js';
import { formatReasonNumber } from './formatReasonNumber.js';

/** An instantiation for a reason: `A = 2.37, B = -0.512`. */
export function describeParameterValues(values: ParameterValues): string {
  return (Object.entries(values) as [ParameterName, number][]).map(([name, v]) => `${name} = ${formatReasonNumber(v)}`).join(', ');
}
