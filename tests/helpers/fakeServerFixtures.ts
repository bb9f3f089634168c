import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { startFakeOpenAIServer, type FakeOpenAIServer, type FakeReply, type FakeRequest } from '../../testkit/fakeOpenAIServer.js';

/**
 * Fake OpenAI servers and temporary directories for one test file, closed and removed after each
 * test. Call once at the top level of the file.
 */
export function fakeServerFixtures(prefix: string): {
  server: (script: (req: FakeRequest) => FakeReply | Promise<FakeReply>) => Promise<FakeOpenAIServer>;
  tempDir: () => Promise<string>;
} {
  const servers: FakeOpenAIServer[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });
  return {
    server: async (script) => {
      const s = await startFakeOpenAIServer(script);
      servers.push(s);
      return s;
    },
    tempDir: async () => {
      const d = await mkdtemp(join(tmpdir(), prefix));
      dirs.push(d);
      return d;
    },
  };
}
