import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Mailer, MailMessage } from '@shared/alerts/mail.port';

export interface StoredMail extends MailMessage {
  id: string;
  sentAt: string;
}

/**
 * The local stack's stand-in for Amazon SES: each message is one JSON file in `dir` (`.data/mail/` under the data
 * directory), named by its time and id so the admin page lists them newest first. Nothing leaves the machine.
 */
export function fileMailer(dir: string, deps: { now: () => Date; newId: () => string }): Mailer & { list(limit?: number): Promise<StoredMail[]> } {
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const sentAt = deps.now().toISOString();
      const id = deps.newId();
      const stored: StoredMail = { id, sentAt, ...message };
      await writeFile(path.join(dir, `${sentAt.replace(/[:.]/g, '-')}-${id}.json`), JSON.stringify(stored, null, 2), { flag: 'wx' });
    },
    async list(limit = 100) {
      let names: string[];
      try {
        names = (await readdir(dir)).filter((n) => n.endsWith('.json'));
      } catch {
        return [];
      }
      const newest = names.sort().reverse().slice(0, limit);
      return Promise.all(newest.map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as StoredMail));
    },
  };
}
