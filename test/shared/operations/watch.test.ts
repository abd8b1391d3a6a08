import { describe, expect, it } from 'vitest';
import { stoppedJobVerdict } from '@shared/operations/watch';

const stopped = (changedAt: string) => ({ jobId: 'ingest', active: false, changedBy: 'ops@example.com', changedAt });
// Tuesday 24 November 2026 18:00 New York, and Monday's 18:00 before it.
const due = new Date('2026-11-24T23:00:00Z');
const mondayDue = new Date('2026-11-23T23:00:00Z');

describe('how the watchdog treats a stopped job', () => {
  it('is quiet about a running job', () => {
    expect(stoppedJobVerdict(null, due, mondayDue)).toEqual({ stoppedOnPurpose: false, stoppedTooLong: false });
    expect(stoppedJobVerdict({ ...stopped('2026-11-20T12:00:00Z'), active: true }, due, mondayDue)).toEqual({ stoppedOnPurpose: false, stoppedTooLong: false });
  });

  it('skips the run of a job stopped before it fell due, without alarming on the first day', () => {
    expect(stoppedJobVerdict(stopped('2026-11-24T15:00:00Z'), due, mondayDue)).toEqual({ stoppedOnPurpose: true, stoppedTooLong: false });
  });

  it('says a job stopped since before an earlier trading day’s run is stopped too long', () => {
    expect(stoppedJobVerdict(stopped('2026-11-23T15:00:00Z'), due, mondayDue)).toEqual({ stoppedOnPurpose: true, stoppedTooLong: true });
  });

  it('still counts the run of a job stopped after it fell due', () => {
    expect(stoppedJobVerdict(stopped('2026-11-24T23:30:00Z'), due, mondayDue).stoppedOnPurpose).toBe(false);
  });
});
