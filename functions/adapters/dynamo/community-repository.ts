import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { NotifyRepository } from '@shared/community/notify';
import { TESTIMONIAL_STATUSES, type Testimonial, type TestimonialRepository, type TestimonialStatus } from '@shared/community/testimonials';
import { documentClient, tableName } from './client';
import { isConditionFailed } from './conditions';
import { userPk } from './profile-repository';

/**
 * Community items in the single table:
 *   USER#<sub>/TESTIMONIAL   the learner's one story; GSI1PK = TESTIMONIAL#<status>, GSI1SK = updatedAt,
 *                            so the public list and the moderation queue are each one Query
 *   NOTIFY#<list>/<email>    a notify-me address (a learner's verified one) with who asked, the consent wording and time
 */
export const TESTIMONIAL_SK = 'TESTIMONIAL';
export const testimonialGsiPk = (status: TestimonialStatus) => `TESTIMONIAL#${status}`;

const isStatus = (v: unknown): v is TestimonialStatus => TESTIMONIAL_STATUSES.includes(v as TestimonialStatus);

function toTestimonial(item: Record<string, unknown>): Testimonial {
  return {
    userId: String(item.userId),
    quote: String(item.quote ?? ''),
    name: String(item.name ?? ''),
    role: String(item.role ?? ''),
    status: isStatus(item.status) ? item.status : 'pending',
    consentText: String(item.consentText ?? ''),
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
    ...(typeof item.moderatedAt === 'string' ? { moderatedAt: item.moderatedAt } : {}),
    ...(typeof item.moderatedBy === 'string' ? { moderatedBy: item.moderatedBy } : {}),
  };
}

export function dynamoTestimonialRepository(db: DynamoDBDocumentClient = documentClient(), table = tableName()): TestimonialRepository {
  const key = (userId: string) => ({ PK: userPk(userId), SK: TESTIMONIAL_SK });
  return {
    async get(userId) {
      const out = await db.send(new GetCommand({ TableName: table, Key: key(userId), ConsistentRead: true }));
      return out.Item ? toTestimonial(out.Item) : null;
    },

    async put(t) {
      await db.send(
        new PutCommand({
          TableName: table,
          Item: { ...key(t.userId), type: 'testimonial', ...t, GSI1PK: testimonialGsiPk(t.status), GSI1SK: t.updatedAt },
        }),
      );
    },

    async delete(userId) {
      await db.send(new DeleteCommand({ TableName: table, Key: key(userId) }));
    },

    async listByStatus(status, limit) {
      const out = await db.send(
        new QueryCommand({
          TableName: table,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': testimonialGsiPk(status) },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (out.Items ?? []).map(toTestimonial);
    },

    async setStatus(userId, expectedUpdatedAt, change) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: table,
            Key: key(userId),
            UpdateExpression: 'SET #status = :status, GSI1PK = :gsi, moderatedAt = :at, moderatedBy = :by',
            ConditionExpression: 'attribute_exists(PK) AND updatedAt = :seen',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':status': change.status,
              ':gsi': testimonialGsiPk(change.status),
              ':at': change.moderatedAt,
              ':by': change.moderatedBy,
              ':seen': expectedUpdatedAt,
            },
          }),
        );
        return 'ok';
      } catch (err) {
        if (!isConditionFailed(err)) throw err;
        // One small read tells a withdrawn story from an edited one, so the operator gets the right message.
        const current = await db.send(new GetCommand({ TableName: table, Key: key(userId), ConsistentRead: true }));
        return current.Item ? 'changed' : 'missing';
      }
    },
  };
}

export function dynamoNotifyRepository(db: DynamoDBDocumentClient = documentClient(), table = tableName()): NotifyRepository {
  return {
    async upsert(entry) {
      await db.send(
        new UpdateCommand({
          TableName: table,
          Key: { PK: `NOTIFY#${entry.list}`, SK: entry.email },
          UpdateExpression:
            'SET #type = :type, email = :email, userId = :user, consentText = :text, updatedAt = :at, consentedAt = if_not_exists(consentedAt, :at)',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: { ':type': 'notify', ':email': entry.email, ':user': entry.userId, ':text': entry.consentText, ':at': entry.updatedAt },
        }),
      );
    },
  };
}
