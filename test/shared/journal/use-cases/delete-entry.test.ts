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
    // One counted reflection is reported (what gamification and the course award XP from), and the book counts one entry.
    expect(mem.events.filter((e) => e.type === 'JournalEntryAdded').map((e) => e.detail)).toEqual([expect.objectContaining({ userId: USER, counted: 1 })]);
    expect(mem.books.get(USER)).toMatchObject({ entries: 1, awarded: 1 });
  });
});
