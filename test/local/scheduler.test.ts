import { describe, expect, it } from 'vitest';
import { INDIA_EOD_SCHEDULE } from '../../functions/jobs/schedules';
import { startScheduler } from '../../local/scheduler';
import { calls } from '../fixtures/jobs/record-job';
import { recordJobSchedule } from '../fixtures/jobs/record-schedule';

const fixture = recordJobSchedule('fixture');

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

  it('runs the Indian closing chains from the same definition at 15:45 in Mumbai on a weekday', () => {
    const scheduler = startScheduler({ log: () => undefined, schedules: [INDIA_EOD_SCHEDULE] });
    try {
      const next = scheduler.next('indiaEod')!;
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone: 'Asia/Kolkata',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(next);
      const part = (t: string) => parts.find((p) => p.type === t)?.value;
      expect(`${part('hour')}:${part('minute')}`).toBe('15:45');
      expect(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']).toContain(part('weekday'));
    } finally {
      scheduler.stop();
    }
  });
});
