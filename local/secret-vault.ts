import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The storage behind the local Secrets Manager endpoint: each value encrypted at rest with
 * AES-256-GCM under a key generated on first start and kept beside the data (mode 0600).
 */
export interface StoredSecret {
  name: string;
  arn: string;
  versionId: string;
  createdDate: number;
  lastChangedDate: number;
  deletedDate?: number;
  description?: string;
  iv: string;
  tag: string;
  ciphertext: string;
}

export class SecretVault {
  private readonly file: string;
  private readonly key: Buffer;
  private secrets: Record<string, StoredSecret>;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const keyFile = path.join(dir, 'master.key');
    if (!existsSync(keyFile)) writeFileSync(keyFile, randomBytes(32).toString('base64'), { mode: 0o600 });
    this.key = Buffer.from(readFileSync(keyFile, 'utf8'), 'base64');
    this.file = path.join(dir, 'secrets.json');
    this.secrets = existsSync(this.file) ? (JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, StoredSecret>) : {};
  }

  find(idOrArn: string): StoredSecret | undefined {
    return this.secrets[idOrArn] ?? Object.values(this.secrets).find((s) => s.arn === idOrArn);
  }

  create(name: string, value: string, description?: string): StoredSecret {
    const now = Date.now() / 1000;
    const suffix = randomBytes(3).toString('hex');
    const secret: StoredSecret = {
      name,
      arn: `arn:aws:secretsmanager:us-east-1:000000000000:secret:${name}-${suffix}`,
      versionId: randomUUID(),
      createdDate: now,
      lastChangedDate: now,
      description,
      ...this.encrypt(value),
    };
    this.secrets[name] = secret;
    this.save();
    return secret;
  }

  put(secret: StoredSecret, value: string): StoredSecret {
    Object.assign(secret, { versionId: randomUUID(), lastChangedDate: Date.now() / 1000, ...this.encrypt(value) });
    this.save();
    return secret;
  }

  reveal(secret: StoredSecret): string {
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(secret.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(secret.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(secret.ciphertext, 'base64')), decipher.final()]).toString('utf8');
  }

  markDeleted(secret: StoredSecret): void {
    secret.deletedDate = Date.now() / 1000;
    this.save();
  }

  remove(secret: StoredSecret): void {
    delete this.secrets[secret.name];
    this.save();
  }

  private encrypt(value: string): Pick<StoredSecret, 'iv' | 'tag' | 'ciphertext'> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
    return { iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), ciphertext: ciphertext.toString('base64') };
  }

  private save(): void {
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.secrets, null, 2), { mode: 0o600 });
    renameSync(tmp, this.file);
  }
}
