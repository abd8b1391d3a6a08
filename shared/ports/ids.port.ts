/** Ids come through a port so use cases are deterministic in tests (docs/architecture.md, "Ports"). */
export interface IdGenerator {
  /** A new ulid: unique, and sortable by the time it was made. */
  newId(): string;
}
