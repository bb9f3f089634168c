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

/**
 * The planted-bug model in-process: the same code examples/cmd-target/planted-bugs.mjs serves
 * (it reads problems with sagga's parser from dist/), called directly so that one can ask it
 * tens of thousands of problems and see which bug fired on each (tests, and bench:isolation).
 */
export async function loadPlantedModel(): Promise<PlantedModel> {
  const url = (file: string): string => pathToFileURL(`${PLANTED}${file}`).href;
  const { createModel } = (await import(url('createModel.mjs'))) as {
    createModel: (table: { termBugs: readonly PlantedBug[] }) => (problem: string) => ModelAnswer;
  };
  const { TERM_BUGS } = (await import(url('plantedBugs.mjs'))) as { TERM_BUGS: readonly PlantedBug[] };
  return { bugs: TERM_BUGS, answer: createModel({ termBugs: TERM_BUGS }) };
}
