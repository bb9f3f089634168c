// A problem tree (sagga's whitelisted Expr) as the model's sum of known terms, or null.
import * as Q from './rational.mjs';
import { E_SUM, X_SUM, combine, constantSum, divSums, expNormal, mulSums, negate, powNormal, trigNormal } from './expSum.mjs';

export function normalize(e) {
  switch (e.type) {
    case 'num': {
      const r = Q.ratFromNumber(e.value);
      return r === null ? null : constantSum(r);
    }
    case 'sym':
      return e.name === 'x' ? X_SUM : e.name === 'e' ? E_SUM : null;
    case 'neg': {
      const a = normalize(e.args[0]);
      return a === null ? null : negate(a);
    }
    case 'add': {
      const out = [];
      for (const arg of e.args) {
        const a = normalize(arg);
        if (a === null) return null;
        out.push(...a);
      }
      return combine(out);
    }
    case 'mul': {
      let out = constantSum(Q.ONE);
      for (const arg of e.args) {
        const a = normalize(arg);
        if (a === null) return null;
        out = mulSums(out, a);
        if (out === null) return null;
      }
      return out;
    }
    case 'div': {
      const [a, b] = e.args.map(normalize);
      return a === null || b === null ? null : divSums(a, b);
    }
    case 'pow': {
      const [a, b] = e.args.map(normalize);
      return a === null || b === null ? null : powNormal(a, b);
    }
    case 'fn': {
      if (e.args.length !== 1) return null;
      const a = normalize(e.args[0]);
      if (a === null) return null;
      if (e.name === 'exp') return expNormal(a);
      if (e.name === 'sin' || e.name === 'cos') return trigNormal(e.name, a);
      return null;
    }
    default:
      return null;
  }
}
