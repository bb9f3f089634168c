import type { TopLevelSpec } from 'vega-lite';
import type { ArchiveLine, GenerationLine } from '../run/runSchema.js';

/** A run as the charts see it: its legend label, colour and data. */
export interface ChartRun {
  readonly legend: string;
  readonly color: string;
  readonly entries: readonly ArchiveLine[];
  readonly generations: readonly GenerationLine[];
}

/** A point of the 2-D projection of the archive's embeddings. */
export interface ProjectedPoint {
  readonly x: number;
  readonly y: number;
  /** 1-based cluster number. */
  readonly cluster: number;
  readonly run: string;
}

const WIDTH = 470;
const HEIGHT = 220;

/** Shared look: the page's font, quiet axes and grid, legends below the plot. */
const CONFIG = {
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  background: '#ffffff',
  padding: { left: 4, right: 12, top: 8, bottom: 4 },
  view: { stroke: null },
  axis: {
    labelColor: '#4b5563',
    titleColor: '#1f2937',
    titleFontWeight: 600,
    titleFontSize: 12,
    labelFontSize: 11,
    gridColor: '#edf0f4',
    domainColor: '#9ca3af',
    tickColor: '#9ca3af',
    titlePadding: 8,
  },
  legend: {
    orient: 'bottom',
    direction: 'horizontal',
    labelFontSize: 11,
    titleFontSize: 11,
    titleColor: '#1f2937',
    labelColor: '#374151',
    symbolSize: 90,
    labelLimit: 320,
  },
} as const;

function colorScale(runs: readonly ChartRun[]) {
  return { domain: runs.map((r) => r.legend), range: runs.map((r) => r.color) };
}

/** Colour by run; the legend only when there are several. `stacked` lists them one per line (narrow charts). */
function runColor(runs: readonly ChartRun[], stacked = false) {
  const legend = runs.length > 1 ? (stacked ? { direction: 'vertical' as const } : {}) : null;
  return { field: 'run', type: 'nominal' as const, title: 'Run', scale: colorScale(runs), legend };
}

/** Archive size after each generation (cumulative count of archived problems by generation). */
export function archiveGrowthSpec(runs: readonly ChartRun[]): TopLevelSpec | null {
  const values: { run: string; generation: number; archive: number }[] = [];
  for (const r of runs) {
    const perGeneration = new Map<number, number>();
    for (const e of r.entries) perGeneration.set(e.generation, (perGeneration.get(e.generation) ?? 0) + 1);
    const last = Math.max(0, ...r.generations.map((g) => g.generation), ...perGeneration.keys());
    let total = 0;
    values.push({ run: r.legend, generation: 0, archive: 0 });
    for (let g = 1; g <= last; g++) {
      total += perGeneration.get(g) ?? 0;
      values.push({ run: r.legend, generation: g, archive: total });
    }
  }
  if (values.length <= runs.length) return null;
  return perGenerationLineSpec(
    runs,
    'Cumulative archive size per generation',
    values,
    { field: 'archive', type: 'quantitative', title: 'Archive size' },
    'monotone',
  );
}

/**
 * Mean length of the problems each generation added to the archive. A generation that added nothing
 * has no mean: the line stops before it and starts again after it (each run of consecutive
 * generations that added something is its own `segment`), rather than drawing a mean through it.
 */
export function newMemberLengthSpec(runs: readonly ChartRun[], measure: string): TopLevelSpec | null {
  const values: { run: string; generation: number; length: number; added: number; segment: number }[] = [];
  for (const r of runs) {
    const sums = new Map<number, { total: number; n: number }>();
    for (const e of r.entries) {
      const s = sums.get(e.generation) ?? { total: 0, n: 0 };
      s.total += e.length;
      s.n++;
      sums.set(e.generation, s);
    }
    let segment = 0;
    let previous: number | undefined;
    for (const [generation, s] of [...sums].sort((a, b) => a[0] - b[0])) {
      if (previous !== undefined && generation !== previous + 1) segment++;
      previous = generation;
      values.push({ run: r.legend, generation, length: s.total / s.n, added: s.n, segment });
    }
  }
  if (values.length === 0) return null;
  return perGenerationLineSpec(
    runs,
    'Mean length of new archive members per generation',
    values,
    { field: 'length', type: 'quantitative', title: `Mean length of new members (${measure})`, scale: { zero: false } },
    undefined,
    'segment',
  );
}

/** Failures / problems evaluated, per generation (from generations.jsonl). */
export function failureRateSpec(runs: readonly ChartRun[]): TopLevelSpec | null {
  const values: { run: string; generation: number; rate: number }[] = [];
  for (const r of runs) {
    for (const g of r.generations) {
      if (g.failures !== null && g.evaluated !== null && g.evaluated > 0)
        values.push({ run: r.legend, generation: g.generation, rate: g.failures / g.evaluated });
    }
  }
  if (values.length === 0) return null;
  return perGenerationLineSpec(runs, 'Failure rate per generation', values, {
    field: 'rate',
    type: 'quantitative',
    title: 'Failure rate (failures / evaluated)',
    axis: { format: '.0%' },
    scale: { domain: [0, 1] },
  });
}

/** Cells of the population's grid holding an elite after each generation (generations.jsonl `population.cells`). */
export function populationSpec(runs: readonly ChartRun[]): TopLevelSpec | null {
  const values: { run: string; generation: number; cells: number }[] = [];
  for (const r of runs) {
    for (const g of r.generations) {
      const cells = g.population?.cells;
      if (cells !== undefined) values.push({ run: r.legend, generation: g.generation, cells });
    }
  }
  if (values.length === 0) return null;
  return perGenerationLineSpec(runs, 'Population cells filled per generation', values, {
    field: 'cells',
    type: 'quantitative',
    title: 'Cells holding an elite',
    axis: { format: '~s' },
  });
}

/**
 * Distinct signatures in the archive against the target calls spent, generation by generation
 * (generations.jsonl `signatures` and the running sum of `target_calls`), from (0, 0): how fast the
 * search finds new bugs rather than new constants. Runs that do not record both are left out.
 */
export function signaturesSpec(runs: readonly ChartRun[]): TopLevelSpec | null {
  const values: { run: string; calls: number; signatures: number }[] = [];
  for (const r of runs) {
    const recorded = r.generations.filter((g) => g.signatures !== null && g.target_calls !== null);
    if (recorded.length === 0) continue;
    let calls = 0;
    values.push({ run: r.legend, calls: 0, signatures: 0 });
    for (const g of recorded) {
      calls += g.target_calls!;
      values.push({ run: r.legend, calls, signatures: g.signatures! });
    }
  }
  if (values.length === 0) return null;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description: 'Distinct signatures in the archive against cumulative target calls',
    width: WIDTH,
    height: HEIGHT,
    config: CONFIG,
    data: { values },
    mark: { type: 'line', point: { size: 28, filled: true }, strokeWidth: 2 },
    encoding: {
      x: { field: 'calls', type: 'quantitative', title: 'Target calls (cumulative)', axis: { format: '~s' } },
      y: { field: 'signatures', type: 'quantitative', title: 'Distinct signatures', axis: { format: 'd', tickMinStep: 1 } },
      color: runColor(runs),
    },
  };
}

/** The y encoding of a per-generation chart. */
interface QuantitativeAxis {
  readonly field: string;
  readonly type: 'quantitative';
  readonly title: string;
  readonly axis?: { readonly format: string };
  readonly scale?: { readonly zero?: boolean; readonly domain?: [number, number] };
}

/** A line per run over the generations, with `y` as given: the three per-generation charts share it. */
function perGenerationLineSpec(
  runs: readonly ChartRun[],
  description: string,
  values: readonly Record<string, string | number>[],
  y: QuantitativeAxis,
  interpolate?: 'monotone',
  /** A field that splits a run's line into pieces drawn apart (each value its own line). */
  pieces?: string,
): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description,
    width: WIDTH,
    height: HEIGHT,
    config: CONFIG,
    data: { values: [...values] },
    mark: { type: 'line', point: { size: 28, filled: true }, strokeWidth: 2, ...(interpolate ? { interpolate } : {}) },
    encoding: {
      x: { field: 'generation', type: 'quantitative', title: 'Generation', axis: { format: 'd', tickMinStep: 1 } },
      y,
      color: runColor(runs),
      ...(pieces !== undefined ? { detail: { field: pieces, type: 'nominal' as const } } : {}),
    },
  };
}

export type DistributionField = 'length' | 'nodes' | 'depth';

/** Histogram of one size measure over the archive, runs overlaid. */
export function distributionSpec(runs: readonly ChartRun[], field: DistributionField, title: string): TopLevelSpec | null {
  const values = runs.flatMap((r) => r.entries.map((e) => ({ run: r.legend, value: e[field] })));
  if (values.length === 0) return null;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description: `Distribution of ${title}`,
    width: 300,
    height: 170,
    config: CONFIG,
    data: { values },
    mark: { type: 'bar', opacity: runs.length > 1 ? 0.55 : 0.85, binSpacing: 1 },
    encoding: {
      x: { field: 'value', type: 'quantitative', bin: { maxbins: 30, minstep: 1 }, title, axis: { format: 'd' } },
      y: { aggregate: 'count', type: 'quantitative', title: 'Problems', stack: null },
      color: runColor(runs, true),
    },
  };
}

/** The archive's embeddings projected on their first two principal components, coloured by cluster. */
export function projectionSpec(points: readonly ProjectedPoint[], runs: readonly ChartRun[], clusterCount: number): TopLevelSpec | null {
  if (points.length === 0) return null;
  const shape = runs.length > 1 ? { shape: { field: 'run', type: 'nominal' as const, title: 'Run', scale: { domain: runs.map((r) => r.legend) } } } : {};
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description: 'PCA projection of archive embeddings coloured by cluster',
    width: 620,
    height: 330,
    config: CONFIG,
    data: { values: points.map((p) => ({ x: p.x, y: p.y, cluster: p.cluster, run: p.run })) },
    // No per-point aria-label: thousands of them would weigh megabytes and help no screen reader.
    mark: { type: 'point', filled: true, size: 34, opacity: 0.72, strokeWidth: 0, aria: false },
    encoding: {
      x: {
        field: 'x',
        type: 'quantitative',
        title: 'Principal component 1',
        axis: { labels: false, ticks: false },
        scale: { zero: false, nice: false, padding: 8 },
      },
      y: {
        field: 'y',
        type: 'quantitative',
        title: 'Principal component 2',
        axis: { labels: false, ticks: false },
        scale: { zero: false, nice: false, padding: 8 },
      },
      color: {
        field: 'cluster',
        type: 'ordinal',
        title: 'Cluster',
        scale: { scheme: clusterCount > 10 ? 'tableau20' : 'tableau10' },
        legend: { orient: 'right', direction: 'vertical', columns: clusterCount > 12 ? 2 : 1 },
      },
      ...shape,
    },
  };
}
