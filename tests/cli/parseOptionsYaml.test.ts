import { describe, expect, it } from 'vitest';
import { parseOptionsYaml } from '../../src/cli/parseOptionsYaml.js';

describe('parseOptionsYaml: the part of YAML an options file needs', () => {
  it('reads keys, scalars as the core schema does, quoted strings, comments and lists', () => {
    const text = [
      '---',
      '# comment',
      'target: "cmd:python3 model.py --tag \'a # b\'"   # a comment after a quoted value',
      "prompt-template: 'it''s here.txt'",
      'concurrency: 8',
      'tau: 1.5e-2',
      'json: true',
      'force: False',
      'max-cost: ~',
      'seeds: seeds/my seeds.txt',
      'ops:',
      '- add',
      '- "sin"',
      'base-url:',
      '    - http://gpu1:8000/v1#16',
      '    - http://gpu2:8000/v1',
      'embedder:',
      'rng-seed: 007',
    ].join('\n');
    expect(parseOptionsYaml(text, 'f.yaml')).toEqual({
      target: "cmd:python3 model.py --tag 'a # b'",
      'prompt-template': "it's here.txt",
      concurrency: 8,
      tau: 0.015,
      json: true,
      force: false,
      'max-cost': null,
      seeds: 'seeds/my seeds.txt',
      ops: ['add', 'sin'],
      'base-url': ['http://gpu1:8000/v1#16', 'http://gpu2:8000/v1'],
      embedder: null,
      'rng-seed': 7,
    });
  });

  it('refuses what it does not read, naming the line, instead of reading it differently from YAML', () => {
    const refused: Array<[string, RegExp]> = [
      ['a: 1\nb:\n  c: 2\n', /f\.yaml:3: an indented line/],
      ['a: [1, 2]\n', /f\.yaml:1: a value starting with \[/],
      ['a: {b: 1}\n', /f\.yaml:1: a value starting with \{/],
      ['a: *ref\n', /f\.yaml:1: a value starting with \*/],
      ['a: !!str 1\n', /f\.yaml:1: a value starting with !/],
      ['a: |\n  text\n', /f\.yaml:1: a value starting with \|/],
      ['a: "open\n', /f\.yaml:1: a quoted string that does not end on its line/],
      ["a: 'x' y\n", /f\.yaml:1: text after a quoted string/],
      ['a: b: c\n', /f\.yaml:1: a plain value holding ": "/],
      ['a: 1\na: 2\n', /f\.yaml:2: a is given twice/],
      ['- x\n', /f\.yaml:1: a list item without a key above it/],
      ['a: 1\n---\nb: 2\n', /f\.yaml:2: several documents/],
      ['\ta: 1\n', /f\.yaml:1: a tab/],
      ['just text\n', /f\.yaml:1: not a "key: value" line/],
    ];
    for (const [text, message] of refused) expect(() => parseOptionsYaml(text, 'f.yaml'), JSON.stringify(text)).toThrow(message);
  });
});
