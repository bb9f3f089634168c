/**
 * The ode task's built-in wordings, with `{statement}` for the request in words and inline LaTeX
 * ("the general solution of $y'' + 4 y = \sin(3x)$, with its arbitrary constants written C_1, C_2",
 * or "the solution of … with $y(0) = 1$ and $y'(0) = 0$"): AntiderivBench's phrasing and ASyMOB's.
 * Both ask for the answer as y = …, which readOdeReply reads.
 */
export const ODE_PROMPTS = {
  antiderivbench: 'Find {statement}. Think step by step. Put the final answer, in the form y = ..., in \\boxed{} using LaTeX notation.',
  asymob:
    'Solve the following differential equation for y(x): find {statement}.\n' +
    'Think step by step, then finish your response with a line of the form "The final answer is: <answer>", ' +
    'where <answer> is the solution in LaTeX, in the form y = ....',
} as const;
