import { AdminListGroupsForUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { cognitoGroupMembership } from '../../../../functions/adapters/cognito/group-membership';

const client = new CognitoIdentityProviderClient({ region: 'us-east-1' });
const mock = mockClient(client);

describe('cognitoGroupMembership', () => {
  beforeEach(() => mock.reset());

  it("lists a user's groups by sub in the pool, page after page", async () => {
    mock
      .on(AdminListGroupsForUserCommand, { NextToken: undefined })
      .resolves({ Groups: [{ GroupName: 'learners' }], NextToken: 'p2' })
      .on(AdminListGroupsForUserCommand, { NextToken: 'p2' })
      .resolves({ Groups: [{ GroupName: 'admin' }] });
    const groups = await cognitoGroupMembership({ userPoolId: 'us-east-1_pool', client }).groupsOf('sub-1');
    expect(groups).toEqual(['learners', 'admin']);
    expect(mock.commandCalls(AdminListGroupsForUserCommand).map((c) => c.args[0].input)).toEqual([
      { UserPoolId: 'us-east-1_pool', Username: 'sub-1', Limit: 60, NextToken: undefined },
      { UserPoolId: 'us-east-1_pool', Username: 'sub-1', Limit: 60, NextToken: 'p2' },
    ]);
  });

  it('fails rather than answer when it does not know the pool', async () => {
    await expect(cognitoGroupMembership({ userPoolId: undefined, client }).groupsOf('sub-1')).rejects.toThrow('USER_POOL_ID');
    expect(mock.commandCalls(AdminListGroupsForUserCommand)).toHaveLength(0);
  });
});
