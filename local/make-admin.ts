/**
 * `npm run local:make-admin -- someone@example.com`: puts a local account in the Cognito group
 * `admin`, which opens /app/admin and /app/config. The local stack must be running. The learner
 * signs out and in again to get a token that carries the group.
 * In AWS: aws cognito-idp admin-add-user-to-group --user-pool-id <id> --username <email> --group-name admin
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { localCognitoClient } from './cognito';
import { REPO_ROOT } from './handlers';
import { LOOPBACK } from './ports';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run local:make-admin -- <email>');
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
const { userPoolId } = JSON.parse(readFileSync(path.join(dataDir, 'cognito', 'pool.json'), 'utf8')) as { userPoolId: string };
const client = localCognitoClient(`http://${LOOPBACK}:${process.env.COGNITO_PORT ?? 9229}`);
try {
  await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: 'admin' }));
  console.log(`${email} is now in the admin group. Sign out and in again to use the admin pages.`);
} catch (err) {
  console.error(`Could not add ${email} to the admin group: ${(err as Error).message}. Is the local stack running (npm start)?`);
  process.exit(1);
}
