/**
 * The limit task's built-in wordings, with `{statement}` for the limit in LaTeX
 * (`\lim_{x \to 0^{+}} \frac{\sin x}{x}`): AntiderivBench's phrasing and ASyMOB's; both say how an
 * infinite limit and one that does not exist are answered.
 */
export const LIMIT_PROMPTS = {
  antiderivbench:
    'Compute the limit ${statement}$ Think step by step. If the limit is infinite, answer \\infty or -\\infty; if it does not exist, answer DNE. ' +
    'Put the final answer in \\boxed{} using LaTeX notation.',
  asymob:
    'Evaluate the limit ${statement}$\n' +
    'Think step by step, then finish your response with a line of the form "The final answer is: <answer>", ' +
    'where <answer> is the limit in LaTeX: \\infty or -\\infty if it is infinite, DNE if it does not exist.',
} as const;
