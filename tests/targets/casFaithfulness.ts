// Shared with bench/cas-precision.ts, which runs the same check on a few hundred problems.
export { nativeFaithfulness } from '../../bench/targets-faithfulness.js';
