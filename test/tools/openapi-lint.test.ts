import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintApiDocument, lintOpenApiFile } from '../../tools/openapi-lint/lint-openapi';

/** `npm run lint:openapi`: Redocly's recommended rules over the API document, failing on any warning too. */
describe('the API document lint', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'openapi-lint-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('finds nothing in the document the API serves', async () => {
    expect(await lintApiDocument()).toEqual([]);
  }, 60_000);

  it('reports a missing licence and two paths one request could match, which are only warnings to Redocly', async () => {
    const op = (id: string, name: string) => ({
      operationId: id,
      summary: id,
      security: [],
      parameters: [{ name, in: 'path', required: true, schema: { type: 'string' } }],
      responses: { '200': { description: 'Done.' }, '400': { description: 'Refused.' } },
    });
    const file = join(dir, 'ambiguous.json');
    await writeFile(
      file,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Made for the test', version: '1', description: 'Two clashing paths, no licence.' },
        servers: [{ url: '/' }],
        paths: {
          '/api/broker/credentials/{environment}': { get: op('one', 'environment') },
          '/api/broker/{environment}/account': { get: op('two', 'environment') },
        },
      }),
    );
    const problems = await lintOpenApiFile(file);
    expect(problems.map((p) => [p.ruleId, p.severity]).sort()).toEqual([
      ['info-license', 'warn'],
      ['no-ambiguous-paths', 'warn'],
    ]);
  }, 60_000);
});
