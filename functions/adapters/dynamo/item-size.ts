/**
 * An item's size as DynamoDB counts it against its 400 KB item limit and a transaction's 4 MB, by the rules of the
 * DynamoDB Developer Guide ("DynamoDB item sizes and formats"): the UTF-8 bytes of every attribute name and string;
 * a number is 1 byte per two significant digits plus 1; a boolean or null 1 byte; a list or map 3 bytes plus 1 byte
 * per element plus its elements (a map's element names counted as names). Undefined values are not stored (the
 * document client removes them) and count nothing. A number's size is taken from its shortest decimal form, rounded up,
 * so the figure never falls short of DynamoDB's.
 */
export const ITEM_LIMIT_BYTES = 400 * 1024;
export const TRANSACTION_LIMIT_BYTES = 4 * 1024 * 1024;

const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');

function numberBytes(n: number): number {
  const digits = Math.abs(n)
    .toExponential()
    .replace(/e.*$/, '')
    .replace('.', '')
    .replace(/^0+|0+$/g, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
}

function valueBytes(v: unknown): number {
  if (typeof v === 'string') return utf8(v);
  if (typeof v === 'number') return numberBytes(v);
  if (typeof v === 'boolean' || v === null) return 1;
  if (Array.isArray(v)) return 3 + v.reduce((sum: number, e: unknown) => sum + 1 + valueBytes(e), 0);
  if (typeof v === 'object') return 3 + attributesBytes(v as Record<string, unknown>, 1);
  throw new Error(`An item holds a value DynamoDB cannot store: ${typeof v}`);
}

function attributesBytes(attrs: Record<string, unknown>, perElement: number): number {
  let sum = 0;
  for (const [name, v] of Object.entries(attrs)) if (v !== undefined) sum += perElement + utf8(name) + valueBytes(v);
  return sum;
}

/** The size of an item (a document client's plain object: its attributes by name). */
export const itemBytes = (item: Record<string, unknown>): number => attributesBytes(item, 0);
