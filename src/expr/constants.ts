/**
 * The named constants a tree may hold, each a `sym` leaf beside the variable x: π, Euler's number,
 * Catalan's constant G, the Euler–Mascheroni constant γ, ζ(n) for an integer n ≥ 2, ∞ (only
 * where a reader was asked for it: an integral's bound, a limit's point or value) and `DNE`, a
 * limit's answer that there is none (only where a reader was asked for it; it has no value). Names are
 * SymPy's (`zeta(3)` is one leaf, not a call: its order is part of its name, so no edit of a tree
 * can give ζ an argument sagga does not read).
 */
export type NamedConstant = 'pi' | 'e' | 'Catalan' | 'EulerGamma' | 'oo' | 'DNE';
export type ZetaConstant = `zeta(${bigint})`;
export type ConstantName = NamedConstant | ZetaConstant;

/** Largest n read in `zeta(n)`: ζ(1000) − 1 < 10^-301, far below every precision sagga evaluates at. */
export const MAX_ZETA_ORDER = 1000;

/** The leaf name of ζ(n), for an integer 2 ≤ n ≤ MAX_ZETA_ORDER (the reader's to check). */
export function zetaConstant(n: number): ZetaConstant {
  return `zeta(${n})` as ZetaConstant;
}

/** n for the name of ζ(n); undefined for any other constant. */
export function zetaOrder(name: ConstantName): number | undefined {
  return name.startsWith('zeta(') ? Number(name.slice(5, -1)) : undefined;
}

/** How each named constant is written: infix (SymPy's name) and LaTeX. */
export const CONSTANT_SPELLINGS: Readonly<Record<NamedConstant, { readonly infix: string; readonly latex: string }>> = {
  pi: { infix: 'pi', latex: '\\pi' },
  e: { infix: 'e', latex: 'e' },
  // SymPy writes G; a reader of a prompt would not know which G.
  Catalan: { infix: 'Catalan', latex: '\\operatorname{Catalan}' },
  EulerGamma: { infix: 'EulerGamma', latex: '\\gamma' },
  oo: { infix: 'oo', latex: '\\infty' },
  DNE: { infix: 'DNE', latex: '\\text{DNE}' },
};

/** Is this symbol's name a named constant (not x, a parameter or an ODE's unknown)? */
export function isConstantName(name: string): name is ConstantName {
  return Object.hasOwn(CONSTANT_SPELLINGS, name) || /^zeta\(\d+\)$/.test(name);
}

/** The constant's name in infix: SymPy's, `zeta(n)` for ζ(n). */
export function constantInfix(name: ConstantName): string {
  return zetaOrder(name) === undefined ? CONSTANT_SPELLINGS[name as NamedConstant].infix : name;
}

/** The constant in LaTeX: `\pi`, `e`, `\gamma`, `\zeta(3)`, `\infty` … */
export function constantLatex(name: ConstantName): string {
  const n = zetaOrder(name);
  return n === undefined ? CONSTANT_SPELLINGS[name as NamedConstant].latex : `\\zeta\\left(${n}\\right)`;
}
