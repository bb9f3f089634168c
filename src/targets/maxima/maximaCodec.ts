import type { CmdCodec } from '../cmd/cmdTarget.js';
import { fromMaxima } from './fromMaxima.js';
import { toMaxima } from './toMaxima.js';
import type { Assumption } from '../../verify/parameterAssumptions.js';

// Written to every new Maxima process. Each definition is one input line.
// - display2d:false and a huge linel: one-line output; nolabels: no %o history growing per request.
// - errormsg:false: errors are reported through the `error` variable in our JSON, not as text.
// - retrieve is what Maxima calls to ask the user ("Is x positive, negative or zero?"); on a pipe it
//   would read our next request as the reply, so it raises an error instead.
// - sagga_real rewrites two complex forms Maxima prefers into real ones, exactly: erf(i·u) = i·erfi(u),
//   and Γ(0, z) = −Ei(−z) + const for real z (a constant does not change an antiderivative).
// - sagga_solve answers with one protocol line; `~&` starts it on a fresh line even when a warning
//   was printed without a newline before it.
const PREAMBLE: readonly string[] = [
  'display2d:false$ errormsg:false$ ratprint:false$ nolabels:true$ linel:1000000$',
  ':lisp (progn (defun maxima::retrieve (msg flag) (declare (ignore msg flag)) (maxima::merror "Maxima asked a question (about the sign or value of an expression)")) (values))',
  'sagga_esc(s) := ssubst("\\\\\\"", "\\"", ssubst("\\\\\\\\", "\\\\", s))$',
  'sagga_reason() := if listp(error) and length(error) > 0 then sagga_esc(simplode(map(lambda([u], if stringp(u) then u else string(u)), error), " ")) else "unknown error"$',
  'sagga_real(F) := ev(subst(lambda([a, z], if a = 0 and freeof(%i, z) then -expintegral_ei(-z) else gamma_incomplete(a, z)), gamma_incomplete, subst(lambda([u], if freeof(%i, u) then erf(u) else %i*erfi(-%i*u)), erf, F)))$',
  'sagga_emit(id, body) := printf(true, "~&~a~%", sconcat("{\\"id\\":\\"", id, "\\",", body, "}"))$',
  // sagga_task evaluates a task's whole command (integrate(f, x, a, b), limit(f, x, a), taylor(…)).
  // Only the exact rewrite erf(i·u) = i·erfi(u) applies: Γ(0, z) = −Ei(−z) holds up to a constant,
  // which a definite integral or a limit does not forgive. A taylor series is turned into the
  // polynomial it holds (ratdisrep).
  'sagga_erf(F) := ev(subst(lambda([u], if freeof(%i, u) then erf(u) else %i*erfi(-%i*u)), erf, F))$',
  [
    'sagga_task(id, src) := block([f, g, r, G],',
    ' f: errcatch(parse_string(src)),',
    ' if f = [] then return(sagga_emit(id, sconcat("\\"error\\":\\"Maxima cannot read the problem: ", sagga_reason(), "\\""))),',
    ' g: f[1],',
    ' r: errcatch(ev(g)),',
    ' if r = [] then return(sagga_emit(id, sconcat("\\"answers\\":[],\\"reason\\":\\"Maxima: ", sagga_reason(), "\\""))),',
    ' if not freeof(nounify(integrate), r[1]) or not freeof(nounify(limit), r[1]) then return(sagga_emit(id, "\\"answers\\":[],\\"reason\\":\\"Maxima returned the problem unevaluated\\"")),',
    ' G: errcatch(sagga_erf(ratdisrep(r[1]))),',
    ' sagga_emit(id, sconcat("\\"answers\\":[\\"", sagga_esc(string(if G = [] then r[1] else G[1])), "\\"]")))$',
  ].join(''),
  [
    'sagga_solve(id, src) := block([f, r, G],',
    ' f: errcatch(parse_string(src)),',
    ' if f = [] then return(sagga_emit(id, sconcat("\\"error\\":\\"Maxima cannot read the problem: ", sagga_reason(), "\\""))),',
    ' r: errcatch(integrate(f[1], x)),',
    ' if r = [] then return(sagga_emit(id, sconcat("\\"answers\\":[],\\"reason\\":\\"Maxima: ", sagga_reason(), "\\""))),',
    ' if not freeof(nounify(integrate), r[1]) then return(sagga_emit(id, "\\"answers\\":[],\\"reason\\":\\"Maxima returned the integral unevaluated\\"")),',
    ' G: errcatch(sagga_real(r[1])),',
    ' sagga_emit(id, sconcat("\\"answers\\":[\\"", sagga_esc(string(if G = [] then r[1] else G[1])), "\\"]")))$',
  ].join(''),
];

/** What Maxima is told of a parameter, by its assumption (a real one needs nothing: Maxima's symbols are real). */
const MAXIMA_FACTS: Readonly<Partial<Record<Assumption, (name: string) => string>>> = {
  positive: (name) => `${name} > 0`,
  negative: (name) => `${name} < 0`,
  nonzero: (name) => `notequal(${name}, 0)`,
};

/**
 * Maxima as a `cmd:`-style program: requests are Maxima statements, `sagga_solve("<id>", "<problem
 * in Maxima syntax>")$` (an integrand) or `sagga_task("<id>", "<a task's command>")$`, and Maxima
 * itself prints the protocol's JSON answer lines. The problem text
 * is printed from our whitelisted tree (never a string from outside), so it holds no quote, and
 * wire ids are restricted to [A-Za-z0-9_.:~-]; both embed safely in Maxima strings.
 */
export const maximaCodec: CmdCodec = {
  preamble: PREAMBLE,
  encode: ({ id, problem, task }) => {
    const command = task.casCommand('maxima', { expr: problem.expr, params: problem.params ?? {} }, toMaxima);
    const solve = command === undefined ? `sagga_solve("${id}", "${toMaxima(problem.expr)}")` : `sagga_task("${id}", "${command}")`;
    // A problem's parameters are assumed for this request only: Maxima would otherwise ask their sign.
    const facts = Object.entries(problem.parameters ?? {}).flatMap(([name, assumption]) =>
      MAXIMA_FACTS[assumption] === undefined ? [] : [MAXIMA_FACTS[assumption]!(name)],
    );
    return facts.length === 0 ? `${solve}$` : `(assume(${facts.join(', ')}), ${solve}, forget(${facts.join(', ')}))$`;
  },
  readAnswer: fromMaxima,
  source: 'maxima',
};
