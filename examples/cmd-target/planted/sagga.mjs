// sagga's own reader, printer and signature, from the built package (run `npm run build` first), so
// that the model reads problems exactly as the search writes them.
export { parseExpr, signature, toInfix } from '../../../dist/src/index.js';
