import { readFile } from 'node:fs/promises';
import type { TargetProblem } from '../types.js';

/** A prompt with `{latex}` (the integrand in LaTeX) and/or `{problem}` (canonical infix) placeholders. */
export interface PromptTemplate {
  /** Name for config.json: a built-in name or `file:<path>`. */
  readonly name: string;
  readonly user: string;
  readonly system?: string;
}

/**
 * Built-in prompts. `antiderivbench` is AntiderivBench's wording; `asymob` asks for ASyMOB's closing
 * line "The final answer is: …" (the extractor reads both styles regardless of the prompt).
 */
export const PROMPT_TEMPLATES: Readonly<Record<string, PromptTemplate>> = {
  antiderivbench: {
    name: 'antiderivbench',
    user: 'Compute the integral of the following function: ${latex}$ Think step by step. Put the final answer in \\boxed{} using LaTeX notation.',
  },
  asymob: {
    name: 'asymob',
    user:
      'Compute the indefinite integral of the following function with respect to x: ${latex}$\n' +
      'Think step by step, then finish your response with a line of the form "The final answer is: <answer>", ' +
      'where <answer> is the antiderivative in LaTeX (the constant of integration may be omitted).',
  },
};

export const DEFAULT_PROMPT_TEMPLATE = 'antiderivbench';

const PLACEHOLDER = /\{(latex|problem)\}/g;

/** Fill in a template for one problem. Placeholders are replaced in one pass, so a LaTeX `{problem}` cannot chain. */
export function renderPrompt(template: string, problem: Pick<TargetProblem, 'latex' | 'infix'>): string {
  return template.replace(PLACEHOLDER, (_m, name: string) => (name === 'latex' ? problem.latex : problem.infix));
}

/** Check a user template; returns an error message or undefined. */
export function checkTemplate(text: string): string | undefined {
  if (text.trim() === '') return 'the prompt template is empty';
  if (!/\{(?:latex|problem)\}/.test(text)) return 'the prompt template has no {latex} or {problem} placeholder';
  if (text.length > 100_000) return 'the prompt template is longer than 100,000 characters';
  return undefined;
}

/**
 * Resolve `--prompt-template`: a built-in name (`antiderivbench`, `asymob`) or a path to a text file
 * (optionally prefixed `file:`) whose content is the user message.
 */
export async function loadPromptTemplate(spec: string | undefined): Promise<PromptTemplate> {
  const name = spec ?? DEFAULT_PROMPT_TEMPLATE;
  if (Object.hasOwn(PROMPT_TEMPLATES, name)) return PROMPT_TEMPLATES[name];
  const path = name.startsWith('file:') ? name.slice(5) : name;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const known = Object.keys(PROMPT_TEMPLATES).join(', ');
    throw new Error(`prompt template '${name}' is neither a built-in (${known}) nor a readable file: ${(err as Error).message}`);
  }
  const problem = checkTemplate(text);
  if (problem !== undefined) throw new Error(`${problem}: ${path}`);
  return { name: `file:${path}`, user: text };
}
