import { ulid } from 'ulid';
import type { DraftDeps } from '@shared/drafts/draft-use-cases';
import { dynamoDraftRepository } from '../adapters/dynamo/drafts-repository';
import { systemClock } from '../commons/clock';

/** The composition root of the builder's drafts. */
export const draftsDeps = (): DraftDeps => ({ drafts: dynamoDraftRepository(), clock: systemClock, ids: { newId: () => ulid() } });
