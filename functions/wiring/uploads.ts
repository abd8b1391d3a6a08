import { ulid } from 'ulid';
import { dynamoSummaryStore } from '../adapters/dynamo/summary-repository';
import { dynamoUploadedBarStore, dynamoUploadProgressStore } from '../adapters/dynamo/upload-repository';
import { openUpload, presignUpload, uploadIdOfKey } from '../adapters/s3/upload-bucket';
import { systemClock } from '../commons/clock';
import { adminGroupMembership } from './users';

/** The composition root of bulk upload: the progress items, the history items, the upload bucket. */
export function uploadJobDeps() {
  return {
    progress: dynamoUploadProgressStore(),
    bars: dynamoUploadedBarStore(),
    summaries: dynamoSummaryStore(),
    open: openUpload,
    uploadIdOfKey,
  };
}

export function adminUploadsDeps() {
  return {
    progress: dynamoUploadProgressStore(),
    presign: (uploadId: string, now: Date) => presignUpload(uploadId, now),
    newId: () => ulid(),
    clock: systemClock,
    groups: adminGroupMembership(),
  };
}
