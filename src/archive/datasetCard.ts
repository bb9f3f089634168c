import { DATASET_COLUMNS, DATASET_FORMAT, NOT_RECORDED, type DatasetColumn, type DatasetType } from './datasetSchema.js';
import type { DatasetInclude } from './datasetIncludes.js';

/** The first line of the YAML header of every card sagga writes, by which it knows a card of its own. */
export const DATASET_CARD_MARK = `# ${DATASET_FORMAT}: written by sagga archive export`;

export interface DatasetCardFacts {
  /** The export's file name, as the card's `data_files` names it (beside the card). */
  readonly file: string;
  readonly format: 'jsonl' | 'csv' | 'parquet';
  /** The run's name and its target. */
  readonly run: string;
  readonly target: string | null;
  readonly include: readonly DatasetInclude[];
  /** The tasks of its rows (`integrate`, `definite` …). */
  readonly tasks: readonly string[];
  readonly rows: { readonly bug: number; readonly variant: number; readonly unproven: number };
  /** The `sagga search` command line that makes the run again, when its config.json records one. */
  readonly command: string | null;
  readonly saggaVersion: string | null;
}

/**
 * The dataset card (README.md) of an export: a YAML header with the schema as Hugging Face
 * `datasets` reads it (`dataset_info.features`, and `configs` naming the data file), then what the
 * rows are, how they were made, and every column with its type and meaning.
 */
export function datasetCard(facts: DatasetCardFacts): string {
  const yaml = [
    '---',
    DATASET_CARD_MARK,
    'configs:',
    '- config_name: default',
    `  data_files: ${yamlString(facts.file)}`,
    'dataset_info:',
    '  features:',
    ...DATASET_COLUMNS.flatMap((c) => feature(c, '  ')),
    'tags:',
    '- mathematics',
    '- symbolic-integration',
    '- robustness',
    '- sagga',
    '---',
  ];
  const total = facts.rows.bug + facts.rows.variant + facts.rows.unproven;
  const included =
    facts.include.length === 0
      ? 'one row per archived bug (`--include variants,unproven` adds the others)'
      : `one row per archived bug, plus ${facts.include.join(' and ')} rows`;
  const integralsOnly = facts.tasks.every((t) => t === 'integrate');
  const body = [
    `# ${facts.run}: ${integralsOnly ? 'integrals' : 'problems'} ${facts.target ?? 'the model'} fails`,
    '',
    `Failures of ${facts.target === null ? 'a model' : `\`${facts.target}\``} found by a SAGGA search (sagga${facts.saggaVersion !== null ? ` ${facts.saggaVersion}` : ''}): ` +
      (integralsOnly
        ? 'problems f(x) whose antiderivative the model got wrong (a wrong answer the verifier checked), or declined, answered unreadably or too late where a reference computer algebra system found a closed form. '
        : `problems of the task${facts.tasks.length === 1 ? '' : 's'} ${facts.tasks.join(', ')} (the \`task\` column, with the task's parameters beside it) that the model got wrong (a wrong answer the verifier checked), or declined, answered unreadably or too late where a reference computer algebra system answered. `) +
      `\`${facts.file}\` (${facts.format === 'jsonl' ? 'JSON Lines' : facts.format === 'csv' ? 'CSV' : 'Parquet'}) has ${total} row${total === 1 ? '' : 's'}: ${included}.`,
    '',
    '| role | rows | what a row is |',
    '| --- | ---: | --- |',
    `| bug | ${facts.rows.bug} | an archive line: one distinct failure, shrunk to its minimal form, with its proof |`,
    `| variant | ${facts.rows.variant} | a later failure whose signature was archived already (\`variant_of\` names the bug) |`,
    `| unproven | ${facts.rows.unproven} | a failure without a wrong answer that no reference solved: perhaps no closed form exists, so not counted as the model's |`,
    '',
    ...(facts.command !== null ? ['The run, made again:', '', '```sh', facts.command, '```', ''] : []),
    '## Schema',
    '',
    `Every row has every column, each of one type in every export (never null): text that is not recorded is the empty string, a count 0. A run keeps the model's answers of archived failures only; other rows carry one answer with status \`${NOT_RECORDED}\`.`,
    '',
    '| column | type | meaning |',
    '| --- | --- | --- |',
    ...DATASET_COLUMNS.flatMap((c) => tableRows(c, '')),
    '',
  ];
  return [...yaml, '', ...body].join('\n');
}

/** A column as `dataset_info.features` writes it. */
function feature(column: DatasetColumn, indent: string): string[] {
  const head = `${indent}- name: ${column.name}`;
  const type = column.type;
  if (typeof type === 'string') return [head, `${indent}  dtype: ${type}`];
  const [key, fields] = 'struct' in type ? ['struct', type.struct] : ['list', type.list];
  return [head, `${indent}  ${key}:`, ...fields.flatMap((f) => feature(f, `${indent}  `))];
}

function tableRows(column: DatasetColumn, prefix: string): string[] {
  const name = `${prefix}${column.name}`;
  const row = `| \`${name}\` | ${typeName(column.type)} | ${column.description.replace(/\|/g, '\\|')} |`;
  const type = column.type;
  if (typeof type === 'string') return [row];
  const fields = 'struct' in type ? type.struct : type.list;
  return [row, ...fields.flatMap((f) => tableRows(f, 'struct' in type ? `${name}.` : `${name}[].`))];
}

function typeName(type: DatasetType): string {
  if (typeof type === 'string') return type;
  return 'struct' in type ? 'struct' : 'list of struct';
}

/** A YAML scalar that reads back as this string. */
function yamlString(s: string): string {
  return /^[A-Za-z0-9_./-]+$/.test(s) ? s : JSON.stringify(s);
}
