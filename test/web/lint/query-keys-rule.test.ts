import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository's own ESLint configuration, run on code that never touches the disk. */
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../../..', import.meta.url)) });
const messages = async (code: string, filePath: string) =>
  (await eslint.lintText(code, { filePath })).flatMap((r) => r.messages).filter((m) => m.ruleId === 'no-restricted-syntax');

const LITERAL_QUERY = `import { useQuery } from '@tanstack/react-query';
export const useThing = () => useQuery({ queryKey: ['thing', 1], queryFn: () => 1 });
`;
const LITERAL_SET = `import type { QueryClient } from '@tanstack/react-query';
export const put = (client: QueryClient) => client.setQueryData(['thing'], 1);
`;
const FROM_FACTORY = `import { useQuery, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@web/api/query-keys';
export const useThing = () => useQuery({ queryKey: queryKeys.me(), queryFn: () => 1 });
export const put = (client: QueryClient) => client.setQueryData(queryKeys.me(), 1);
`;

describe('the lint rule that keeps every query key in one factory', () => {
  it('refuses a literal queryKey array in a feature and in a web module', async () => {
    for (const file of ['web/src/features/journal/api/thing.ts', 'web/src/api/thing.ts']) {
      const found = await messages(LITERAL_QUERY, file);
      expect(found).toHaveLength(1);
      expect(found[0]!.message).toContain('queryKeys (web/src/api/query-keys.ts)');
    }
  }, 60_000);

  it('refuses a literal key given to the cache directly (setQueryData)', async () => {
    expect(await messages(LITERAL_SET, 'web/src/features/journal/api/thing.ts')).toHaveLength(1);
  }, 60_000);

  it('accepts keys taken from the factory, and literal arrays inside the factory itself', async () => {
    expect(await messages(FROM_FACTORY, 'web/src/features/journal/api/thing.ts')).toEqual([]);
    expect(await messages(LITERAL_QUERY, 'web/src/api/query-keys.ts')).toEqual([]);
  }, 60_000);
});
