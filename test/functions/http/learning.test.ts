import { describe, expect, it } from 'vitest';
import { makeLearningHandler } from '../../../functions/http/learning';
import { COURSE } from '@shared/learning/content/course';
import type { LearningDeps } from '@shared/learning/use-cases/deps';
import { httpEvent as ev } from '../../support/http-event';

const LEARNER = { sub: 'learner-1', email: 'ada@example.com' };
const LESSON = 'options_basics.reading-a-chain';

// The chain task's route reads only the course: any other port used would be a write or a read it must not make.
const handler = makeLearningHandler({ course: { course: () => COURSE } } as unknown as LearningDeps);
const lesson = COURSE.flatMap((m) => m.lessons).find((l) => l.id === LESSON)!;
const block = lesson.blocks.findIndex((b) => b.type === 'interactive' && b.widget.kind === 'chain-task');
const task = lesson.blocks[block]!;
const answer = task.type === 'interactive' && task.widget.kind === 'chain-task' ? task.widget.answer[0]! : '';

async function pick(body: unknown, claims: Record<string, string> | null = LEARNER) {
  const res = await handler(ev('POST /api/learning/lessons/{lessonId}/chain-task', { params: { lessonId: LESSON }, body, ...(claims ? { claims } : {}) }));
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
}

describe('POST /api/learning/lessons/{lessonId}/chain-task', () => {
  it('answers whether the clicked contract is the one asked for, and why', async () => {
    const right = await pick({ block, contract: answer });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ correct: true, explanation: expect.stringContaining('is at the money') });
    const strike = Number(answer.slice(-8)) / 1000;
    const wrong = await pick({ block, contract: answer.replace(/\d{8}$/, String((strike + 1) * 1000).padStart(8, '0')) });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({ correct: false, explanation: expect.stringContaining('a lower listed strike is nearer') });
  });

  it('refuses a malformed contract, a block that is no chain task and a signed-out caller', async () => {
    expect((await pick({ block, contract: 'not a ticker' })).status).toBe(400);
    expect((await pick({ block: 0, contract: answer })).status).toBe(404);
    expect((await pick({ block, contract: answer }, null)).status).toBe(401);
  });
});
