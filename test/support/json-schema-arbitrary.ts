import fc from 'fast-check';

/**
 * fast-check values for the JSON Schemas zod emits (draft 2020-12: object, array, string, number, integer, boolean,
 * null, const, enum, anyOf), half of them as the schema describes and half near its edges: a character past a length
 * limit, a string padded with spaces (a trimming handler may accept it), a number just outside a bound or not whole,
 * a missing or extra property, a value of the wrong type, a huge string or number, control and lone surrogate characters. The property tests feed both to a handler and to the API
 * document and check that what the handler accepts, the document accepts too.
 */
export type Schema = Record<string, unknown>;

const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 8 }),
  fc.constant([]),
  fc.constant({}),
);

const pad = (a: fc.Arbitrary<string>) => fc.tuple(fc.constantFrom(' ', '  ', '\t', '\n '), a, fc.constantFrom('', ' ', '   ')).map(([l, s, r]) => l + s + r);

const isoDate = fc.date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

function stringArb(s: Schema): fc.Arbitrary<string> {
  const examples = Array.isArray(s.examples) ? [fc.constantFrom(...(s.examples as string[]))] : [];
  if (s.format === 'date') return fc.oneof(isoDate, ...examples);
  if (s.format === 'email') return fc.oneof(fc.emailAddress(), ...examples);
  if (typeof s.pattern === 'string') return fc.oneof(fc.stringMatching(new RegExp(s.pattern, 'u')), ...examples);
  const min = (s.minLength as number | undefined) ?? 0;
  const max = (s.maxLength as number | undefined) ?? Math.max(min, 40);
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' }),
    fc.string({ minLength: min, maxLength: Math.min(max, 20), unit: 'grapheme' }),
    ...examples,
  );
}

function nearString(s: Schema): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [pad(stringArb(s)), wrongType, fc.constant('x'.repeat(50_000)), fc.constant('\u0000\u202e💥\ud83d')];
  if (typeof s.maxLength === 'number') {
    const max = s.maxLength;
    options.push(fc.string({ minLength: max + 1, maxLength: max + 3, unit: 'grapheme-ascii' }));
    options.push(pad(fc.string({ minLength: Math.max(0, max - 1), maxLength: max, unit: 'grapheme-ascii' })));
  }
  if (typeof s.minLength === 'number' && s.minLength > 0) options.push(fc.string({ maxLength: s.minLength - 1 }));
  if (typeof s.pattern === 'string')
    options.push(
      stringArb(s).map((v) => v.toLowerCase()),
      stringArb(s).map((v) => `${v}x`),
    );
  return fc.oneof(...options);
}

function numberArb(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = (s.minimum as number | undefined) ?? (s.exclusiveMinimum as number | undefined) ?? -1e6;
  const max = (s.maximum as number | undefined) ?? (s.exclusiveMaximum as number | undefined) ?? 1e6;
  const exclusive = (v: number) =>
    (s.exclusiveMinimum !== undefined && v <= (s.exclusiveMinimum as number)) || (s.exclusiveMaximum !== undefined && v >= (s.exclusiveMaximum as number));
  const lo = Math.max(min, -1e9);
  const hi = Math.min(max, 1e9);
  const a = integer ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }) : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  // Magnitudes below 1e-130 (fast-check likes subnormals) are what DynamoDB cannot store, refused before any schema:
  // near misses, not values of the schema; as exact values they starved routes with several numbers of accepted inputs.
  return a.filter((v) => !exclusive(v) && (v === 0 || Math.abs(v) >= 1e-130));
}

function nearNumber(s: Schema, integer: boolean): fc.Arbitrary<unknown> {
  const edges: number[] = [0, -0, 0.5, -1, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2, Number.MIN_VALUE, Number.MAX_VALUE, -Number.MAX_VALUE];
  for (const k of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) {
    const v = s[k];
    if (typeof v === 'number') edges.push(v, v - 1, v + 1, v - 1e-9, v + 1e-9, v + 0.5);
  }
  const options: fc.Arbitrary<unknown>[] = [fc.constantFrom(...edges), wrongType, numberArb(s, integer).map(String)];
  if (integer) options.push(numberArb(s, false));
  return fc.oneof(...options);
}

/** Values the schema describes, and as many again that differ from one in a single place. */
export function arbitraryOf(schema: Schema): fc.Arbitrary<unknown> {
  const off = oneOff(schema, 0);
  return off ? fc.oneof(exactOf(schema), off) : exactOf(schema);
}

/** A value of the schema. */
function exactOf(s: Schema): fc.Arbitrary<unknown> {
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const union = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (union) return fc.oneof(...union.map(exactOf));
  // `type: ['string', 'null']`, as zod writes a nullable schema with no other keyword to tell the branches apart.
  if (Array.isArray(s.type)) return fc.oneof(...(s.type as string[]).map((type) => exactOf({ ...s, type })));
  switch (s.type) {
    case 'string':
      return stringArb(s);
    case 'number':
      return numberArb(s, false);
    case 'integer':
      return numberArb(s, true);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(exactOf(itemsOf(s)), arrayBounds(s));
    case 'object':
      return objectArb(s);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const itemsOf = (s: Schema) => (s.items as Schema | undefined) ?? {};
const arrayBounds = (s: Schema) => {
  const minLength = (s.minItems as number | undefined) ?? 0;
  return { minLength, maxLength: Math.min((s.maxItems as number | undefined) ?? 4, minLength + 4) };
};

/** A value of the schema but for one near miss, at this level or anywhere inside. */
function oneOff(s: Schema, depth: number): fc.Arbitrary<unknown> | null {
  const options: fc.Arbitrary<unknown>[] = [];
  const here = nearOf(s);
  if (here) options.push(here);
  if (depth < 5) {
    const union = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
    for (const branch of union ?? []) {
      const off = oneOff(branch, depth + 1);
      if (off) options.push(off);
    }
    if (s.type === 'array') {
      const off = oneOff(itemsOf(s), depth + 1);
      const { minLength, maxLength } = arrayBounds(s);
      if (off) {
        options.push(
          fc
            .tuple(fc.array(exactOf(itemsOf(s)), { minLength: Math.max(0, minLength - 1), maxLength: Math.max(0, maxLength - 1) }), off, fc.nat())
            .map(([items, odd, at]) => items.toSpliced(at % (items.length + 1), 0, odd)),
        );
      }
    }
    if (s.type === 'object') {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      for (const [key, child] of Object.entries(props)) {
        const off = oneOff(child, depth + 1);
        if (off) options.push(fc.tuple(objectArb(s), off).map(([v, odd]) => ({ ...v, [key]: odd })));
      }
    }
  }
  return options.length ? fc.oneof(...options) : null;
}

function objectArb(s: Schema): fc.Arbitrary<Record<string, unknown>> {
  const props = (s.properties ?? {}) as Record<string, Schema>;
  const required = ((s.required as string[] | undefined) ?? []).filter((k) => k in props);
  const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, exactOf(v)]));
  // Optional keys are sometimes absent, sometimes present with a value of their own schema.
  return fc.record(model, { requiredKeys: required });
}

function nearOf(s: Schema): fc.Arbitrary<unknown> | null {
  if (Array.isArray(s.type)) {
    const nears = (s.type as string[]).map((type) => nearOf({ ...s, type })).filter((a): a is fc.Arbitrary<unknown> => a !== null);
    return nears.length ? fc.oneof(...nears) : null;
  }
  if ('const' in s || Array.isArray(s.enum))
    return fc.oneof(
      wrongType,
      fc.constantFrom(...((s.enum as unknown[]) ?? [s.const])).map((v) => (typeof v === 'string' ? ` ${v.toUpperCase()}` : v)),
    );
  switch (s.type) {
    case 'string':
      return nearString(s);
    case 'number':
      return nearNumber(s, false);
    case 'integer':
      return nearNumber(s, true);
    case 'boolean':
      return fc.oneof(fc.constantFrom('true', 0, 1), wrongType);
    case 'array': {
      const items = (s.items as Schema | undefined) ?? {};
      const max = (s.maxItems as number | undefined) ?? 4;
      return fc.oneof(wrongType, fc.array(exactOf(items), { minLength: max + 1, maxLength: max + 2 }), fc.constant([]));
    }
    case 'object': {
      const required = (s.required as string[] | undefined) ?? [];
      return fc.oneof(
        wrongType,
        fc.tuple(objectArb(s), fc.constantFrom(...(required.length ? required : ['__none__']))).map(([v, drop]) => {
          const copy = { ...v };
          delete copy[drop];
          return copy;
        }),
        fc.tuple(objectArb(s), fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 })).map(([v, k, x]) => ({ ...v, [k]: x })),
      );
    }
    default:
      return null;
  }
}
