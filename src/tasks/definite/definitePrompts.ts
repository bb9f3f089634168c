/**
 * The definite task's built-in wordings, with `{statement}` for the integral in LaTeX
 * (`\int_{0}^{1} x e^{x}\,dx`): AntiderivBench's phrasing, ASyMOB's closing line, and IntegralBench's
 * request for both a symbolic and a numerical answer, each on a line of its own that
 * `readDefiniteReply` reads.
 */
export const DEFINITE_PROMPTS = {
  antiderivbench: 'Compute the following definite integral: ${statement}$ Think step by step. Put the final answer in \\boxed{} using LaTeX notation.',
  asymob:
    'Compute the following definite integral: ${statement}$\n' +
    'Think step by step, then finish your response with a line of the form "The final answer is: <answer>", ' +
    'where <answer> is the exact value of the integral in LaTeX.',
  integralbench:
    'Evaluate the definite integral ${statement}$.\n' +
    'Think step by step. Give the exact value in closed form and its numerical value to at least 10 significant digits, ' +
    'finishing your response with two lines:\n' +
    'Symbolic answer: \\boxed{<exact value in LaTeX>}\n' +
    'Numerical answer: <decimal number>',
} as const;
