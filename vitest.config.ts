import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/helpers/findDebianPackages.ts'],
    // Generous, for a 2-core machine that is busy with other work: the suite runs real systems
    // (SymPy, Maxima, nerdamer, Algebrite, Chromium) and child processes, and under load their
    // wall time grows several-fold. No test relies on these to fail: time limits are tested with
    // fixtures that hang on purpose (tests/targets/hangOnPurpose.ts), and the heaviest tests set
    // their own, larger timeouts.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
