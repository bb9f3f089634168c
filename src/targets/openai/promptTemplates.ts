import { readFile } from 'node:fs/promises';
import { DEFINITE_PROMPTS } from '../../tasks/definite/definitePrompts.js';
import { INTEGRATE_PROMPTS } from '../../tasks/integrate/integratePrompts.js';
import type { PromptStyle, Task } from '../../tasks/task.js';
import { assumptionSentence } from '../../tasks/assumptionSentence.js';
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
 * line "The final answer is: …" (the extractor reads both styles regardless of the prompt);
 * `integralbench` asks for a symbolic and a numerical answer (definite integrals only). The text
 * here is integrate's; each task words a built-in prompt its own way (`Task.prompt`).
 */
export const PROMPT_TEMPLATES: Readonly<Record<PromptStyle, PromptTemplate>> = {
  antiderivbench: { name: 'antiderivbench', user: INTEGRATE_PROMPTS.antiderivbench },
  asymob: { name: 'asymob', user: INTEGRATE_PROMPTS.asymob },
  integralbench: { name: 'integralbench', user: DEFINITE_PROMPTS.integralbench },
};

/** Is `name` a built-in wording? */
export function isPromptStyle(name: string): name is PromptStyle {
  return Object.hasOwn(PROMPT_TEMPLATES, name);
}

/**
 * The user message for one problem: a built-in template in the task's own wording (refused when the
 * task has none of that name), a user's template filled in (`{latex}`, `{problem}`, `{statement}`:
 * the whole problem, bounds and all, in LaTeX; `{assumptions}`: what is assumed of its parameters).
 * A built-in one opens with the assumptions of a problem with parameters ("Assume A is real and
 * positive."), as ASyMOB states them.
 */
export function promptFor(template: PromptTemplate, task: Task, problem: TargetProblem): string {
  const assumptions = assumptionSentence(problem.parameters ?? {});
  if (isBuiltIn(template)) {
    const prompt = task.prompt({ expr: problem.expr, params: problem.params ?? {} }, template.name as PromptStyle);
    return assumptions === '' ? prompt : `${assumptions} ${prompt}`;
  }
  return renderPrompt(template.user, problem, task.statement({ expr: problem.expr, params: problem.params ?? {} }, 'latex'), assumptions);
}

/** A built-in template as it was loaded (not one of its name with other text). */
function isBuiltIn(template: PromptTemplate): boolean {
  return isPromptStyle(template.name) && PROMPT_TEMPLATES[template.name].user === template.user;
}

/** Why a template cannot word this task's problems, or undefined when it can. */
export function templateRefusal(template: PromptTemplate, task: Task): string | undefined {
  if (!isBuiltIn(template) || task.prompts.includes(template.name as PromptStyle)) return undefined;
  return `the ${template.name} prompt has no wording for the ${task.name} task (its built-in prompts: ${task.prompts.join(', ')}; or give a template file)`;
}

export const DEFAULT_PROMPT_TEMPLATE = 'antiderivbench';

const PLACEHOLDER = /\{(latex|problem|statement|assumptions)\}/g;

/**
 * Fill in a template for one problem. Placeholders are replaced in one pass, so a LaTeX `{problem}`
 * cannot chain. `{statement}` is the whole problem in LaTeX (`statement`, else the integrand's LaTeX);
 * `{assumptions}` what is assumed of its parameters ('' without any).
 */
export function renderPrompt(template: string, problem: Pick<TargetProblem, 'latex' | 'infix'>, statement?: string, assumptions = ''): string {
  return template.replace(PLACEHOLDER, (_m, name: string) =>
    name === 'latex' ? problem.latex : name === 'statement' ? (statement ?? problem.latex) : name === 'assumptions' ? assumptions : problem.infix,
  );
}

/** Check a user template; returns an error message or undefined. */
export function checkTemplate(text: string): string | undefined {
  if (text.trim() === '') return 'the prompt template is empty';
  if (!/\{(?:latex|problem|statement)\}/.test(text)) return 'the prompt template has no {latex}, {problem} or {statement} placeholder';
  if (text.length > 100_000) return 'the prompt template is longer than 100,000 characters';
  return undefined;
}

/**
 * Resolve `--prompt-template`: a built-in name (`antiderivbench`, `asymob`) or a path to a text file
 * (optionally prefixed `file:`) whose content is the user message.
 */
export async function loadPromptTemplate(spec: string | undefined): Promise<PromptTemplate> {
  const name = spec ?? DEFAULT_PROMPT_TEMPLATE;
  if (isPromptStyle(name)) return PROMPT_TEMPLATES[name];
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
