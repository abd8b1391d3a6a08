import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CompetitionPlan } from '@shared/competitions/competition-account.api';
import type { CompetitionPlans } from '@shared/competitions/competition-plans.port';
import { documentClient, tableName } from './client';
import { competitionSkPrefix } from './paper-account-repository';
import { userPk } from './profile-repository';
import { queryAll } from './query';

/**
 * A competition trade's plan (issue 39), beside the competition account's items under the learner's own partition:
 *   USER#<sub> / COMP#<seasonId>#PLAN#<tradeId>   { thesis, plannedExit, writtenAt }
 */
const planPrefix = (seasonId: string) => `${competitionSkPrefix(seasonId)}PLAN#`;

export function dynamoCompetitionPlans(db: DynamoDBDocumentClient = documentClient(), table = tableName()): CompetitionPlans {
  return {
    async plans(userId, seasonId) {
      const items = await queryAll(db, table, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':p': planPrefix(seasonId) },
        ConsistentRead: true,
      });
      return new Map(
        items.map((i) => [
          String(i.SK).slice(planPrefix(seasonId).length),
          { thesis: String(i.thesis), plannedExit: i.plannedExit as CompetitionPlan['plannedExit'], writtenAt: String(i.writtenAt) },
        ]),
      );
    },
    async put(userId, seasonId, tradeId, plan) {
      await db.send(
        new PutCommand({
          TableName: table,
          Item: { PK: userPk(userId), SK: `${planPrefix(seasonId)}${tradeId}`, entity: 'competition-plan', seasonId, tradeId, ...plan },
        }),
      );
    },
  };
}
