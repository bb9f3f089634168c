/**
 * The series task's built-in wordings, with `{statement}` for the request in LaTeX ("the Taylor
 * polynomial of f(x) = … at x = a up to (x − a)^n"): AntiderivBench's phrasing and ASyMOB's.
 */
export const SERIES_PROMPTS = {
  antiderivbench: 'Compute {statement}. Think step by step. Put the final answer, a polynomial without the remainder term, in \\boxed{} using LaTeX notation.',
  asymob:
    'Find {statement}.\n' +
    'Think step by step, then finish your response with a line of the form "The final answer is: <answer>", ' +
    'where <answer> is the polynomial in LaTeX, without the remainder term.',
} as const;
