/**
 * The integrate task's built-in wordings, with `{latex}` for the integrand: AntiderivBench's, and
 * ASyMOB's closing line "The final answer is: …" (the extractor reads both styles regardless).
 */
export const INTEGRATE_PROMPTS = {
  antiderivbench: 'Compute the integral of the following function: ${latex}$ Think step by step. Put the final answer in \\boxed{} using LaTeX notation.',
  asymob:
    'Compute the indefinite integral of the following function with respect to x: ${latex}$\n' +
    'Think step by step, then finish your response with a line of the form "The final answer is: <answer>", ' +
    'where <answer> is the antiderivative in LaTeX (the constant of integration may be omitted).',
} as const;
