import { describe, expect, it } from 'vitest';
import { createEntry } from '@shared/journal/use-cases/create-entry';
import { deleteEntry } from '@shared/journal/use-cases/delete-entry';
import { recordOrderFill } from '@shared/journal/use-cases/record-order-fill';
import { order, reflection, setup, USER } from './fixtures';

describe('deleting a journal entry, against a repository with the real conditions', () => {
  it('awards 25 XP once per trade even after a delete and a new entry', async () => {
    const { mem, deps } = setup();
    await recordOrderFill(deps, USER, order.orderId);
    const first = await createEntry(deps, USER, reflection());
    expect(first.ok && first.value.xpAwarded).toBe(25);
    expect((await deleteEntry(deps, USER, first.ok ? first.value.entry.id : '')).ok).toBe(true);
    const again = await createEntry(deps, USER, reflection());
    expect(again.ok && again.value.xpAwarded).toBe(0);
    expect(mem.progress.get(USER)!.progress).toMatchObject({ experience: 25, journalEntries: 1 });
  });
});
