import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeTargetOptions } from '../../src/targets/mergeTargetOptions.js';
import { createTarget, type TargetOptions } from '../../src/targets/registry.js';
import { targetOptionsFromSettings } from '../../src/targets/targetOptionsFromSettings.js';
import type { TargetSettings } from '../../src/targets/types.js';

/** What a target made from `spec` and `options` records of itself (config.json `target.settings`). */
async function settingsOf(spec: string, options: Omit<TargetOptions, 'concurrency'>): Promise<TargetSettings> {
  const target = await createTarget(spec, { ...options, concurrency: 1 });
  try {
    return JSON.parse(JSON.stringify(target.describe())) as TargetSettings;
  } finally {
    await target.close();
  }
}

describe('targetOptionsFromSettings: the options a recorded target gives back', () => {
  const work = mkdtempSync(join(tmpdir(), 'sagga-target-options-'));
  const env = process.env.OPENAI_API_KEY;

  it('a target made from the options its settings give back records the same settings, for every kind of target', async () => {
    const prompt = join(work, 'prompt.txt');
    writeFileSync(prompt, 'Integrate {latex}, answer in \\boxed{}.');
    const cases: Array<[string, Omit<TargetOptions, 'concurrency'>]> = [
      ['nerdamer', { timeLimitMs: 1234 }],
      ['algebrite', {}],
      ['cmd:node examples/cmd-target/power-rule.mjs', { timeLimitMs: 4321, startupTimeoutMs: 7000 }],
      [
        'openai:some-model',
        {
          outDir: work,
          openai: {
            baseURL: ['http://127.0.0.1:9/v1#4,http://127.0.0.1:10/v1', 'http://127.0.0.1:11/v1#2'],
            promptTemplate: prompt,
            temperature: 0.7,
            maxTokens: 300,
            requestTimeoutMs: 5000,
            retries: 0,
            cache: false,
            maxResponseBytes: 50_000,
            batch: true,
            priceInput: 0.1,
            priceOutput: 0.4,
          },
        },
      ],
      ['openai:other-model', { outDir: work, openai: { baseURL: 'http://127.0.0.1:9/v1', promptTemplate: 'asymob' } }],
    ];
    process.env.OPENAI_API_KEY = 'sk-test-0123456789abcdef';
    try {
      for (const [spec, options] of cases) {
        const recorded = await settingsOf(spec, options);
        const back = targetOptionsFromSettings(recorded);
        expect(back.missing, spec).toEqual([]);
        expect(await settingsOf(spec, { ...back.options, outDir: options.outDir }), spec).toEqual(recorded);
        // And not by accident: the defaults record something else.
        if (Object.keys(options).some((k) => k !== 'outDir')) expect(await settingsOf(spec, { outDir: options.outDir }), spec).not.toEqual(recorded);
      }
    } finally {
      if (env === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = env;
    }
  }, 60_000);

  it('an endpoint recorded without its credentials must be given again', () => {
    const back = targetOptionsFromSettings({ model: 'm', base_url: 'http://[redacted]@gpu1:8000/v1', prompt_template: 'antiderivbench' });
    expect(back.missing).toEqual(['--base-url']);
    expect(back.options.openai?.baseURL).toBeUndefined();
    expect(back.options.openai?.promptTemplate).toBe('antiderivbench');
  });

  it('options given again win over the recorded ones, one by one', () => {
    const merged = mergeTargetOptions(
      { timeLimitMs: 1000, openai: { baseURL: 'http://a/v1', temperature: 0.2, maxTokens: 10 } },
      { timeLimitMs: undefined, openai: { baseURL: undefined, temperature: 0.9 } },
    );
    expect(merged).toEqual({ timeLimitMs: 1000, openai: { baseURL: 'http://a/v1', temperature: 0.9, maxTokens: 10 } });
  });
});
