/** Where broker keys live: Secrets Manager in AWS, its local stand-in on a laptop. Values never leave the server. */
export interface SecretStore {
  put(name: string, value: string): Promise<void>;
  /** null when there is no such secret. */
  get(name: string): Promise<string | null>;
  delete(name: string): Promise<void>;
}
