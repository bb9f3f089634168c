// The three printers live in their own files; this module is the name the design notes use.
export { toInfix } from './toInfix.js';
export { toLatex } from './toLatex.js';
export { toPrefix } from './toPrefix.js';
