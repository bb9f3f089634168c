// The conversion check is shared with bench/cas-precision.ts, which runs it on a few hundred problems.
export { checkConversions, conversionShare, type ConversionSummary, type FaithfulnessCheck } from '../../bench/targets-conversions.js';
