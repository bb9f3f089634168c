import { fileURLToPath, pathToFileURL } from 'node:url';

/** One planted bug as the table in examples/cmd-target/planted/plantedBugs.mjs describes it. */
export interface PlantedBug {
  readonly id: string;
  readonly description: string;
  readonly signature: string;
  readonly example: string;
}

/** What the model answers, with the ids of the bugs that fired (the program leaves those out). */
export interface ModelAnswer {
  readonly answers: readonly string[];
  readonly reason?: string;
  readonly bugs: readonly string[];
}

export interface PlantedModel {
  readonly bugs: readonly PlantedBug[];
  readonly answer: (problem: string) => ModelAnswer;
}

// From testkit/ (tests run the sources) or from dist/testkit/ (the benchmarks run the build).
const ROOT = /[\\/]dist[\\/]testkit[\\/]/.test(fileURLToPath(import.meta.url)) ? '../../' : '../';
const PLANTED = fileURLToPath(new URL(`${ROOT}examples/cmd-target/planted/`, import.meta.url));

/** The planted-bug models: the program that serves each, and its table of bugs (file, export). */
export const PLANTED_MODELS = {
  planted: { program: 'examples/cmd-target/planted-bugs.mjs', table: 'plantedBugs.mjs', name: 'TERM_BUGS', unplanted: null },
  'planted-deep': { program: 'examples/cmd-target/planted-deep-bugs.mjs', table: 'deepBugs.mjs', name: 'DEEP_BUGS', unplanted: 'UNPLANTED_BUGS' },
} as const;

export type PlantedModelName = keyof typeof PLANTED_MODELS;

/** A model's name as a bench's `--model` gives it (default `planted`); an unknown one throws, naming the known. */
export function plantedModelName(name: string | undefined): PlantedModelName {
  const which = name ?? 'planted';
  if (!(which in PLANTED_MODELS)) throw new Error(`--model must be one of ${Object.keys(PLANTED_MODELS).join(', ')}`);
  return which as PlantedModelName;
}

/**
 * A planted-bug model in-process: the same code its program (examples/cmd-target/planted-bugs.mjs
 * or planted-deep-bugs.mjs) serves (it reads problems with sagga's parser from dist/), called
 * directly so that one can ask it tens of thousands of problems and see which bug fired on each
 * (tests, bench:planted and bench:isolation).
 */
export async function loadPlantedModel(which: PlantedModelName = 'planted'): Promise<PlantedModel> {
  const url = (file: string): string => pathToFileURL(`${PLANTED}${file}`).href;
  const { createModel } = (await import(url('createModel.mjs'))) as {
    createModel: (table: { termBugs: readonly PlantedBug[]; unplantedBugs: readonly PlantedBug[] }) => (problem: string) => ModelAnswer;
  };
  const { table, name, unplanted } = PLANTED_MODELS[which];
  const exports = (await import(url(table))) as Record<string, readonly PlantedBug[]>;
  const bugs = exports[name];
  return { bugs, answer: createModel({ termBugs: bugs, unplantedBugs: unplanted === null ? [] : exports[unplanted] }) };
}
