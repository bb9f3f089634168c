import { crossover } from '../../mutations/crossover.js';
import { duplication } from '../../mutations/duplication.js';
import { graft } from '../../mutations/graft.js';
import { quotient } from '../../mutations/quotient.js';
import type { CandidateCheck } from '../../constraints/checkCandidate.js';
import type { Expr } from '../expr/types.js';
import { integrateTask } from '../tasks/integrate/integrateTask.js';
import { paramsField } from '../tasks/storedProblem.js';
import type { Task, TaskParams, TaskProblem } from '../tasks/task.js';
import type { Rng } from '../util/rng.js';
import type { BreedingPlan } from './escalationPlan.js';
import type { AskedProblem } from './searchTypes.js';

/** Where a parent came from: the initial seeds, this generation's pool, the population's elites, or an archived bug. */
export type ParentOrigin = 'initial' | 'pool' | 'elite' | 'bug';

export interface Parent {
  readonly expr: Expr;
  /** The task's parameters of the problem (absent: none). */
  readonly params?: TaskParams;
  readonly origin: ParentOrigin;
}

export interface BreedingDeps {
  /** One mutation of a tree; `constantScale` widens the range new constants are drawn from. */
  readonly mutate: (tree: Expr, rng: Rng, constantScale: number) => Expr;
  /** The run's check of a tree (simplified, keyed). */
  readonly checkCandidate: (e: Expr) => CandidateCheck;
  /** Is this problem (its key) not to be asked: evaluated in an earlier generation, or of a shape asked enough? */
  readonly isKnown: (key: string) => boolean;
  /** The task: it mutates a problem (tree or parameters), checks it and keys it. Default integrate. */
  readonly task?: Task;
}

export interface BreedingRequest {
  readonly generation: number;
  readonly parents: readonly Parent[];
  /** Failing problems a child may be crossed with. */
  readonly partners: readonly Expr[];
  /**
   * Given problems (`near:`'s targets) and the share of children grafted with one of them
   * (`mutations/graft.ts`) instead of crossed with a partner; absent or a share of 0: none, and no
   * number drawn for it.
   */
  readonly grafts?: Grafts;
  /** Children drawn in the first pass, spread evenly over the parents. */
  readonly generationSize: number;
  /** Level the first pass is drawn at; later passes climb. */
  readonly level: number;
  readonly topLevel: number;
  readonly planAt: (level: number) => BreedingPlan;
  /** Keys already in this generation (problems asked again). */
  readonly taken: ReadonlySet<string>;
  readonly rng: Rng;
  /**
   * Children drawn for each child the generation asks for (default 1): with more, the caller keeps
   * one of each slot's new children (`screenBroods`), and a slot counts as new when any of them is.
   */
  readonly brood?: number;
}

/** Given problems to graft parts of the parents into, and the share of the children that are grafts. */
export interface Grafts {
  readonly targets: readonly Expr[];
  readonly share: number;
}

export interface BredGeneration {
  readonly problems: readonly AskedProblem[];
  /** The child slot each problem was drawn for (parallel to `problems`); with a brood of 1, one problem a slot. */
  readonly slots: readonly number[];
  readonly candidates: number;
  readonly valid: number;
  readonly duplicates: number;
  readonly invalidReasons: Readonly<Record<string, number>>;
  /** The highest level a pass was drawn at. */
  readonly level: number;
  /** Even the top level gave no new problem. */
  readonly exhausted: boolean;
}

/** A generation with fewer slots holding a new problem than this share of its size draws another pass, one level up. */
export const MIN_NEW_SHARE = 0.25;
/** Child slots drawn in a generation at most, as a multiple of the generation size (more when more levels are left to climb). */
export const MAX_DRAW_FACTOR = 4;

/**
 * Make one generation's new problems: children of the parents (mutations, or crossover then
 * mutations, as the plan of the level says), validated and deduplicated against every problem
 * evaluated before. A first pass draws `generationSize` child slots, each a brood of `brood`
 * children (one, unless the caller screens them); while fewer than a quarter of the slots hold a new
 * problem, another pass is drawn one escalation level higher, until every level had its pass and at
 * least MAX_DRAW_FACTOR times the size was drawn, so a generation never asks nothing while anything
 * new can still be made.
 */
export function breedGeneration(request: BreedingRequest, deps: BreedingDeps): BredGeneration {
  const size = Math.max(1, request.generationSize);
  const brood = Math.max(1, Math.floor(request.brood ?? 1));
  const wanted = Math.max(1, Math.ceil(size * MIN_NEW_SHARE));
  const collector = new CandidateCollector(request, deps);
  let level = Math.min(request.topLevel, request.level);
  // Every level above the first gets a pass before the generation gives up.
  const maxSlots = Math.max(MAX_DRAW_FACTOR, request.topLevel - level + 1) * size;
  if (request.parents.length > 0) {
    drawPass(collector, size, brood, request.planAt(level));
    while (collector.filledSlots < wanted && collector.slotCount < maxSlots) {
      level = Math.min(request.topLevel, level + 1);
      drawPass(collector, Math.min(size, maxSlots - collector.slotCount), brood, request.planAt(level));
    }
  }
  const { problems, slots, candidates, valid, duplicates, invalidReasons } = collector;
  return { problems, slots, candidates, valid, duplicates, invalidReasons, level, exhausted: problems.length === 0 };
}

/**
 * `count` child slots spread evenly over the parents (the first ones one more when it does not
 * divide), `brood` children drawn for each.
 */
function drawPass(collector: CandidateCollector, count: number, brood: number, plan: BreedingPlan): void {
  const { parents, partners, grafts, rng } = collector.request;
  const material: CrossMaterial = { partners, grafts };
  const base = Math.floor(count / parents.length);
  const extra = count % parents.length;
  for (let s = 0; s < parents.length; s++) {
    const children = base + (s < extra ? 1 : 0);
    for (let j = 0; j < children; j++) {
      const slot = collector.slotCount++;
      for (let b = 0; b < brood; b++) {
        let child: TaskProblem | Error;
        try {
          child = makeChild(parents[s], material, plan, rng, collector.deps);
        } catch (err) {
          child = err instanceof Error ? err : new Error(String(err));
        }
        collector.offer(child, s, slot);
      }
    }
  }
}

/** The generation being drawn: its new problems and the counts of what was dropped and why. */
class CandidateCollector {
  readonly problems: AskedProblem[] = [];
  readonly slots: number[] = [];
  readonly invalidReasons: Record<string, number> = {};
  /** Child slots drawn so far, and those that got a new problem. */
  slotCount = 0;
  filledSlots = 0;
  candidates = 0;
  valid = 0;
  duplicates = 0;
  private readonly seen: Set<string>;
  private readonly parentInfix: readonly string[];

  constructor(
    readonly request: BreedingRequest,
    readonly deps: BreedingDeps,
  ) {
    this.seen = new Set(request.taken);
    this.parentInfix = request.parents.map((p) => (deps.task ?? integrateTask).problemText({ expr: p.expr, params: p.params ?? {} }, 'infix'));
  }

  offer(child: TaskProblem | Error, parentIndex: number, slot: number): void {
    this.candidates++;
    if (child instanceof Error) {
      countReason(this.invalidReasons, `mutation failed: ${child.message}`);
      return;
    }
    const task = this.deps.task ?? integrateTask;
    const check = task.check(child, this.deps.checkCandidate);
    if (!check.ok) {
      countReason(this.invalidReasons, check.reason);
      return;
    }
    this.valid++;
    if (this.deps.isKnown(check.key) || this.seen.has(check.key)) {
      this.duplicates++;
      return;
    }
    this.seen.add(check.key);
    if (this.slots.at(-1) !== slot) this.filledSlots++;
    this.slots.push(slot);
    const { expr, params } = check.problem;
    this.problems.push({
      id: `g${this.request.generation}-${this.candidates - 1}`,
      key: check.key,
      expr,
      infix: task.problemText(check.problem, 'infix'),
      latex: task.problemText(check.problem, 'latex'),
      ...paramsField(params),
      parent: this.parentInfix[parentIndex],
      attempt: 0,
    });
  }
}

/** What a child may be crossed with: failing partners, and given problems to graft with. */
interface CrossMaterial {
  readonly partners: readonly Expr[];
  readonly grafts?: Grafts;
}

/**
 * One child: a graft with a given problem, a crossover of its tree with a failing partner's, a
 * duplication of a part of it or a quotient of one (each then one step fewer), or mutations alone; each mutation is the
 * task's (the tree's, or now and then a parameter's), and the child keeps its parent's parameters
 * otherwise.
 */
function makeChild(parent: Parent, { partners, grafts }: CrossMaterial, plan: BreedingPlan, rng: Rng, deps: BreedingDeps): TaskProblem {
  // Draws only what the plan varies, so that a plan of one mutation per child draws exactly what the paper's search draws
  // (and a calm level, without duplication or quotients, draws no number for them).
  let steps = plan.maxSteps > plan.minSteps ? rng.int(plan.minSteps, plan.maxSteps) : plan.minSteps;
  const scale = plan.wideConstantShare > 0 && rng.next() < plan.wideConstantShare ? plan.constantScale : 1;
  const task = deps.task ?? integrateTask;
  let child: TaskProblem = { expr: parent.expr, params: parent.params ?? {} };
  if (grafts && grafts.share > 0 && grafts.targets.length > 0 && rng.next() < grafts.share) {
    child = { expr: graft(child.expr, rng.pick(grafts.targets), rng), params: child.params };
    steps = Math.max(0, steps - 1);
  } else if (plan.crossoverShare > 0 && partners.length > 0 && rng.next() < plan.crossoverShare) {
    child = { expr: crossover(child.expr, rng.pick(partners), rng), params: child.params };
    steps = Math.max(0, steps - 1);
  } else if (plan.duplicationShare > 0 && steps > 0 && rng.next() < plan.duplicationShare) {
    child = { expr: duplication(child.expr, rng, (copy) => deps.mutate(copy, rng, scale)), params: child.params };
    steps--;
  } else if (plan.quotientShare > 0 && steps > 0 && rng.next() < plan.quotientShare) {
    child = { expr: quotient(child.expr, rng, (copy) => deps.mutate(copy, rng, scale)), params: child.params };
    steps--;
  }
  for (let i = 0; i < steps; i++) child = task.mutate(child, rng, (tree) => deps.mutate(tree, rng, scale), scale);
  return child;
}

/** Group similar reasons ("longer than 100 characters (131)") under one label. */
function countReason(counts: Record<string, number>, reason: string): void {
  const label = reason
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/-?\d+(\.\d+)?(e[+-]?\d+)?/gi, 'N')
    .slice(0, 80)
    .trim();
  counts[label] = (counts[label] ?? 0) + 1;
}
