import { describe, expect, it } from 'vitest';
import { startScheduler } from '../../local/scheduler';
import type { ScheduleDefinition } from '../../functions/jobs/schedules';
import { calls } from '../fixtures/jobs/record-job';

const fixture: ScheduleDefinition = {
  id: 'fixture',
  description: 'test job',
  minute: 0,
  hour: 18,
  weekdays: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
  timeZone: 'America/New_York',
  handler: { file: 'test/fixtures/jobs/record-job.ts', export: 'handler' },
  access: {},
};

describe('local scheduler', () => {
  it('schedules each job at its next weekday 18:00 New York and runs it on demand with the scheduled input', async () => {
    const log: string[] = [];
    const scheduler = startScheduler({ log: (l) => log.push(l), schedules: [fixture] });
    try {
      const next = scheduler.next('fixture')!;
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(next);
      const part = (t: string) => parts.find((p) => p.type === t)?.value;
      expect(`${part('hour')}:${part('minute')}`).toBe('18:00');
      expect(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']).toContain(part('weekday'));

      const before = calls.length;
      await expect(scheduler.runNow('fixture')).resolves.toEqual({ ok: true });
      expect(calls.length).toBe(before + 1);
      expect(calls.at(-1)).toMatchObject({ source: 'scheduler', scheduleId: 'fixture' });
      await expect(scheduler.runNow('nope')).rejects.toThrow('No schedule named nope');
    } finally {
      scheduler.stop();
    }
  });
});
