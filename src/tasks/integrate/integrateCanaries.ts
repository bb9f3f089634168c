/**
 * Problems any integrator solves: a constant, the power rule, a polynomial, the two functions that
 * are their own (anti)derivatives up to sign, and one integration by parts. nerdamer, Algebrite,
 * SymPy and Maxima answer every one correctly (tests/targets/checkCanaries.test.ts). They are sent
 * to a target before it is trusted (`checkCanaries`): one that gets them wrong is not being asked
 * the way it expects, or is not really answering (echoing its input, dying at start).
 *
 * Each one catches a different broken plumbing: `1` and `x` a program that echoes the problem or
 * multiplies it by x; `x^2 + 1` one that reads `^` as something else (Python's xor); `cos(x)` a sign
 * error, or a derivative given for an antiderivative; `x*exp(x)` a program that only knows tables.
 */
export const INTEGRATE_CANARIES: readonly string[] = ['1', 'x', 'x^2 + 1', 'cos(x)', 'exp(x)', 'x*exp(x)'];
