import { describe, expect, it } from 'vitest';
import { signIn, signUpAndSignIn } from '../support/cognito';
import { newDataDir, spawnLocalStack } from '../support/local-stack';

describe('restarting the local stack', () => {
  it('keeps users, the pool and profiles under the data directory', async () => {
    const dataDir = newDataDir('restart');
    const first = await spawnLocalStack({ dataDir, env: { SEED_MARKET: '0' } });
    let user;
    let profile;
    try {
      user = await signUpAndSignIn(first, { name: 'Persistent Pat' });
      // Signing in stores the profile, as the web does.
      expect((await fetch(`${first.url}/api/me`, { method: 'PUT', headers: { authorization: `Bearer ${user.idToken}` } })).status).toBe(200);
      const res = await fetch(`${first.url}/api/me`, { headers: { authorization: `Bearer ${user.idToken}` } });
      profile = (await res.json()).profile;
      expect(profile.publicId).not.toBe('');
    } finally {
      await first.stop();
    }

    const second = await spawnLocalStack({ dataDir, env: { SEED_MARKET: '0' } });
    try {
      expect(second.pool.userPoolId).toBe(first.pool.userPoolId);
      expect(second.pool.userPoolClientId).toBe(first.pool.userPoolClientId);
      const tokens = await signIn(second, user.email, user.password);
      const res = await fetch(`${second.url}/api/me`, { headers: { authorization: `Bearer ${tokens.idToken}` } });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.user).toMatchObject({ id: user.sub, name: 'Persistent Pat' });
      expect(body.profile.createdAt).toBe(profile.createdAt);
    } finally {
      await second.stop();
    }
  });

  it('says which port is busy instead of failing obscurely', async () => {
    const running = await spawnLocalStack({ dataDir: newDataDir('busy-a'), env: { SEED_MARKET: '0' } });
    try {
      const port = new URL(running.url).port;
      const clash = spawnLocalStack({ dataDir: newDataDir('busy-b'), env: { PORT: port } });
      await expect(clash).rejects.toThrow(`Port ${port} for the web app and API (PORT) is already in use`);
    } finally {
      await running.stop();
    }
  });
});
