import { ulid } from 'ulid';
import { dynamoPostRepository, withFeedCache } from '../adapters/dynamo/community-posts';
import { dynamoNotifyRepository, dynamoTestimonialRepository } from '../adapters/dynamo/community-repository';
import { dynamoEventReceipts } from '../adapters/dynamo/event-receipts';
import { dynamoJournalRepository } from '../adapters/dynamo/journal-repository';
import { dynamoProfileRepository } from '../adapters/dynamo/profile-repository';
import { dynamoLearnerCounter, dynamoSiteStats } from '../adapters/dynamo/site-stats-repository';
import { marketChainSource } from '../adapters/market/chain-source';
import { systemClock } from '../commons/clock';
import { marketDeps } from './market';
import { adminGroupMembership } from './users';

/** The composition root of the community area: testimonials, the launch list, shared strategies and the site's figures. */
export function communityDeps() {
  return { testimonials: dynamoTestimonialRepository(), notify: dynamoNotifyRepository(), clock: systemClock, groups: adminGroupMembership() };
}

/** Shared strategies: posts (with the warm feed cache), the journal a post is shared from, today's chains, the authors' profiles. */
export function communityPostsDeps() {
  return {
    posts: withFeedCache(dynamoPostRepository()),
    journal: dynamoJournalRepository(),
    clock: systemClock,
    ids: { newId: () => ulid() },
    chains: marketChainSource(marketDeps().reader),
    groups: adminGroupMembership(),
    profiles: dynamoProfileRepository(),
  };
}

/** The landing page's live figures. */
export const siteStatsDeps = () => ({ stats: dynamoSiteStats() });

/** The learner counter, a consumer of the activity that counts. */
export const activeLearnerDeps = () => ({ learners: dynamoLearnerCounter(), receipts: dynamoEventReceipts(), clock: systemClock });
