/**
 * `npm run local:make-admin -- someone@example.com`: puts a local account in the Cognito group
 * `admin`, which opens /app/admin and /app/config. The local stack must be running. The learner
 * signs out and in again to get a token that carries the group.
 * In AWS: aws cognito-idp admin-add-user-to-group --user-pool-id <id> --username <email> --group-name admin
 */
import path from 'node:path';
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { localCognitoClient } from './cognito';
import { REPO_ROOT } from './handlers';
import { readStackInfo } from './stack-info';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run local:make-admin -- <email>');
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
// The running stack says where it is, whatever ports it was started on.
const stack = readStackInfo(dataDir);
if ('error' in stack) {
  console.error(stack.error);
  process.exit(1);
}
const client = localCognitoClient(stack.endpoints.cognito);
try {
  await client.send(new AdminAddUserToGroupCommand({ UserPoolId: stack.pool.userPoolId, Username: email, GroupName: 'admin' }));
  console.log(`${email} is now in the admin group. Sign out and in again to use the admin pages.`);
} catch (err) {
  console.error(`Could not add ${email} to the admin group: ${(err as Error).message}. Is the local stack running (npm start)?`);
  process.exit(1);
}
