import type { Clock } from '@shared/ports/clock.port';
import type { GroupMembership } from '@shared/users/group-membership.port';
import { newUpload } from '@shared/uploads/report';
import { UPLOAD_LIMITS } from '@shared/uploads/rows';
import { uploadsApi } from '@shared/uploads/uploads.api';
import type { UploadProgressStore } from '@shared/uploads/uploads.port';
import { created, failure, httpApiWithAdmin, ok, route } from '../commons/http';
import { adminUploadsDeps } from '../wiring/uploads';

/** Recent uploads the page lists. */
const RECENT = 20;

/** Bulk upload (Cognito group `admin`): a presigned POST for a file, the recent uploads, one upload's progress and report. */
export function makeUploadsHandler(deps: {
  progress: UploadProgressStore;
  presign: (uploadId: string, now: Date) => Promise<{ url: string; fields: Record<string, string>; expiresAt: string }>;
  newId: () => string;
  clock: Clock;
  groups: GroupMembership;
}) {
  return httpApiWithAdmin(deps.groups, {
    'POST /api/admin/uploads': route(uploadsApi['POST /api/admin/uploads'], async ({ body, user }) => {
      const now = deps.clock.now();
      const uploadId = deps.newId();
      // The progress item comes first: the job takes only a file whose upload was announced here.
      await deps.progress.create(
        newUpload({ uploadId, kind: body.kind, fileName: body.fileName, size: body.size, createdBy: user.email ?? user.sub, createdAt: now.toISOString() }),
      );
      const post = await deps.presign(uploadId, now);
      return created({ uploadId, ...post, maxBytes: UPLOAD_LIMITS.maxBytes });
    }),

    'GET /api/admin/uploads': route(uploadsApi['GET /api/admin/uploads'], async () => ok({ uploads: await deps.progress.recent(RECENT) })),

    'GET /api/admin/uploads/{uploadId}': route(uploadsApi['GET /api/admin/uploads/{uploadId}'], async ({ params }) => {
      const p = await deps.progress.get(params.uploadId);
      return p ? ok(p) : failure({ code: 'not_found', message: 'There is no such upload (reports are kept 30 days).' });
    }),
  });
}

export const handler = makeUploadsHandler(adminUploadsDeps());
