import { describe, expect, it } from 'vitest';
import { ENTRY_LIMITS, JOURNAL_TEXTS } from '@shared/journal/entries';
import { EntryInput } from '@shared/journal/journal.api';
import { createEntry } from '@shared/journal/use-cases/create-entry';
import { recordOrderFill } from '@shared/journal/use-cases/record-order-fill';
import { order, reflection, setup, USER } from './fixtures';

describe('writing journal entries, against a repository with the real conditions', () => {
  it('lets one of two entries written at once on the same trade through; the other is told to edit it', async () => {
    const { deps } = setup();
    await recordOrderFill(deps, USER, order.orderId);
    const [a, b] = await Promise.all([createEntry(deps, USER, reflection()), createEntry(deps, USER, reflection())]);
    const failed = [a, b].filter((r) => !r.ok);
    expect([a, b].filter((r) => r.ok)).toHaveLength(1);
    expect(failed.map((r) => !r.ok && r.error)).toEqual([{ code: 'conflict', message: JOURNAL_TEXTS.tradeHasEntry }]);
  });

  it(`refuses an entry beyond the ${ENTRY_LIMITS.entries.toLocaleString('en-US')} with a clear message and saves nothing`, async () => {
    const { mem, deps } = setup();
    mem.books.set(USER, { version: 7, open: {}, pending: [], entries: ENTRY_LIMITS.entries, awarded: 12, ledgerChunks: 0, lastChunkRows: 0 });
    const r = await createEntry(deps, USER, EntryInput.parse({ kind: 'note', lesson: 'One more thing I learned today' }));
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'conflict',
        message: 'You have reached the journal’s limit of 5,000 entries. Delete entries you no longer need to add new ones.'.replace('’', "'"),
      },
    });
    expect(mem.entries.size).toBe(0);
    expect(mem.books.get(USER)!.version).toBe(7);
  });
});
