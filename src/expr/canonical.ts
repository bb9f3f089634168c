// The design notes name this module `canonical`; the function lives in its own file.
export { canonicalKey } from './canonicalKey.js';
