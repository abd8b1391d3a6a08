import type { NotifyRepository, NotifySubscription } from '@shared/community/notify';
import type { Testimonial, TestimonialRepository } from '@shared/community/testimonials';

/** In-memory stand-ins with the DynamoDB adapters' semantics (newest first, conditional moderation). */
export function memoryTestimonials(): TestimonialRepository & { items: Map<string, Testimonial> } {
  const items = new Map<string, Testimonial>();
  return {
    items,
    async get(userId) {
      const t = items.get(userId);
      return t ? { ...t } : null;
    },
    async put(t) {
      items.set(t.userId, { ...t });
    },
    async delete(userId) {
      items.delete(userId);
    },
    async listByStatus(status, limit) {
      return [...items.values()]
        .filter((t) => t.status === status)
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
        .slice(0, limit)
        .map((t) => ({ ...t }));
    },
    async setStatus(userId, expected, change) {
      const t = items.get(userId);
      if (!t) return 'missing';
      if (t.updatedAt !== expected) return 'changed';
      items.set(userId, { ...t, ...change });
      return 'ok';
    },
  };
}

export function memoryNotify(): NotifyRepository & { items: Map<string, NotifySubscription> } {
  const items = new Map<string, NotifySubscription>();
  return {
    items,
    async upsert(entry) {
      const key = `${entry.list}|${entry.email}`;
      const prev = items.get(key);
      items.set(key, { ...entry, consentedAt: prev?.consentedAt ?? entry.consentedAt });
    },
  };
}
