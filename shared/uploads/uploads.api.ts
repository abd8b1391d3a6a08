import { z } from 'zod';
import { defineApi, type Equal, type Expect } from '../api/contract';
import { UPLOAD_STATES, type UploadProgress } from './report';
import { UPLOAD_KINDS, UPLOAD_LIMITS } from './rows';

/**
 * Bulk upload's HTTP API (operators only): ask for a presigned POST to send one CSV file straight to storage, list
 * the recent uploads, read one upload's progress and report.
 */
const UploadId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'must be an upload id');

export const RejectionSchema = z.object({ row: z.number().int(), column: z.string(), reason: z.string() });

export const UploadProgressSchema = z.object({
  uploadId: z.string(),
  kind: z.enum(UPLOAD_KINDS),
  fileName: z.string(),
  size: z.number(),
  createdBy: z.string(),
  createdAt: z.string(),
  state: z.enum(UPLOAD_STATES),
  message: z.string().nullable(),
  rowsRead: z.number(),
  stored: z.number(),
  unchanged: z.number(),
  rejected: z.number(),
  rejections: z.array(RejectionSchema),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
type _ProgressMatches = Expect<Equal<z.infer<typeof UploadProgressSchema>, UploadProgress>>;

export const NewUploadSchema = z.object({
  kind: z.enum(UPLOAD_KINDS, { error: 'must be stock or option' }),
  fileName: z
    .string()
    .min(1, 'is required')
    .max(200, 'must be at most 200 characters')
    .regex(/\.[cC][sS][vV]$/, 'must be a .csv file'),
  size: z
    .number()
    .int()
    .min(1, 'The file is empty.')
    .max(UPLOAD_LIMITS.maxBytes, `The file is larger than ${UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB.`),
});

export const uploadsApi = defineApi({
  'POST /api/admin/uploads': {
    auth: 'admin',
    summary: 'Start an upload: a presigned POST for one CSV file of stock or option bars (at most 50 MB, text/csv)',
    body: NewUploadSchema,
    response: z.object({
      uploadId: z.string(),
      url: z.string(),
      fields: z.record(z.string(), z.string()),
      maxBytes: z.number(),
      expiresAt: z.string(),
    }),
    status: 201,
  },
  'GET /api/admin/uploads': {
    auth: 'admin',
    summary: 'The recent uploads, newest first, with their progress',
    response: z.object({ uploads: z.array(UploadProgressSchema) }),
  },
  'GET /api/admin/uploads/{uploadId}': {
    auth: 'admin',
    summary: "One upload's progress and, once it ended, its report",
    params: z.object({ uploadId: UploadId }),
    response: UploadProgressSchema,
    errors: [404],
  },
});
