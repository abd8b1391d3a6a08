import type { DataBrowserDeps } from '@shared/data-browser/use-cases/deps';
import type { GroupMembership } from '@shared/users/group-membership.port';
import { dynamoDataBrowser } from '../adapters/dynamo/data-browser-repository';
import { adminGroupMembership } from './users';

/** The composition root of the data browser: the table's reads and the user pool's word on who is an operator now. */
export function dataBrowserDeps(): DataBrowserDeps & { groups: GroupMembership } {
  return { reader: dynamoDataBrowser(), groups: adminGroupMembership() };
}
