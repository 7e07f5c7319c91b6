/**
 * The few building blocks every schema of the contract is made of. The rules of interface.md that apply to
 * every resource live here once: "Unless stated, a field may be absent or null in a response" is
 * `responseObject`; the conventions the document does not state are annotations (`x-convention`,
 * `x-known-values`) that only the SHOULD-level validator enforces.
 */
import { Type, type Static, type TObject, type TOptional, type TProperties, type TSchema, type TUnsafe } from '@sinclair/typebox';

export const SCHEMA_BASE = 'https://conformance.invalid/schemas/';

/**
 * Conventions real servers follow but the document does not state (wire-facts.md): SHOULD-level only.
 * They double as hints for the request generators in properties/.
 */
export const CONVENTIONS = {
  address: {
    pattern: /^0x[0-9a-fA-F]{40}$/,
    meaning: 'an address: 0x followed by 40 hex digits',
    // Callers may send EIP-55 checksums; "Addresses in responses are lower-case hex" (wire-facts.md §5).
    answered: { pattern: /^0x[0-9a-f]{40}$/, meaning: 'an address in lower-case hex: 0x followed by 40 lower-case hex digits' },
  },
  'decimal-integer': { pattern: /^(0|[1-9][0-9]*)$/, meaning: 'a non-negative decimal integer without sign or leading zeros' },
  'hex-data': { pattern: /^0x([0-9a-fA-F]{2})*$/, meaning: 'hex data: 0x followed by whole bytes' },
  'token-id': { pattern: /^(0|[1-9][0-9]*)$/, meaning: 'a token ID as a decimal integer' },
  'chain-id-decimal': { pattern: /^[1-9][0-9]*$/, meaning: 'a chain ID as a decimal string' },
  rfc3339: {
    pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
    meaning: 'an RFC 3339 timestamp',
    // RFC 3339 allows an offset, but "timestamps are RFC 3339 (`...Z`)" in responses (wire-facts.md §5).
    answered: { pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/, meaning: 'an RFC 3339 timestamp in UTC (...Z)' },
  },
} as const;
export type Convention = keyof typeof CONVENTIONS;

/** Which way a document travels: answers are held to a convention's narrower `answered` form where it has one. */
export type WireSide = 'request' | 'response';

export function conventionOn(convention: Convention, side: WireSide): { readonly pattern: RegExp; readonly meaning: string } {
  const c = CONVENTIONS[convention];
  return side === 'response' && 'answered' in c ? c.answered : c;
}

export const CONVENTION_KEYWORD = 'x-convention';
export const KNOWN_VALUES_KEYWORD = 'x-known-values';
/**
 * The JSON type of a field the document does not name but real servers send (wire-facts.md §5): declared so the
 * SHOULD-level validator checks what the wire actually carries; the document's own validator ignores it.
 */
export const WIRE_TYPE_KEYWORD = 'x-wire-type';
export type WireType = 'string' | 'number' | 'boolean' | 'object' | 'array';
/**
 * The JSON type the document gives a field that the official clients (and the webrpc schema) type `any`
 * (wire-facts.md §5: `signature.types`, `signature.value`, `post.body`): any JSON at MUST level, since a real
 * server is held to its clients' word; another type than the document's is a SHOULD finding, never silence.
 */
export const DOCUMENT_TYPE_KEYWORD = 'x-document-type';

/**
 * How real servers read a request number (wire-facts.md §4): into a Go integer, which refuses a fraction, and
 * a negative value too when the Go type is unsigned. The document says only "number", so this is an annotation,
 * never a constraint. The reference server's decoder and the request generators and mutations of properties/
 * all read it here, so each field's signedness is stated once.
 */
export const INTEGER_KEYWORD = 'x-integer';
export const INTEGER_KINDS = {
  unsigned: 'a non-negative integer: servers refuse a negative value or a fraction',
  signed: 'an integer: servers refuse a fraction and read a negative value as given',
} as const;
export type IntegerKind = keyof typeof INTEGER_KINDS;

export function str(convention?: Convention): TUnsafe<string> {
  return Type.Unsafe<string>(convention ? { type: 'string', [CONVENTION_KEYWORD]: convention } : { type: 'string' });
}
export const address = (): TUnsafe<string> => str('address');
export const amount = (): TUnsafe<string> => str('decimal-integer');
export const tokenId = (): TUnsafe<string> => str('token-id');
export const timestamp = (): TUnsafe<string> => str('rfc3339');
export const hexData = (): TUnsafe<string> => str('hex-data');
export const num = (): TUnsafe<number> => Type.Unsafe<number>({ type: 'number' });
/** A request number read as an unsigned integer: chain, project, audience and contact IDs, slippage. */
export const uint = (): TUnsafe<number> => Type.Unsafe<number>({ type: 'number', [INTEGER_KEYWORD]: 'unsigned' });
/** A request number read as a signed integer: a property range bound, CheckoutOptionsMarketplace's additionalFee. */
export const int = (): TUnsafe<number> => Type.Unsafe<number>({ type: 'number', [INTEGER_KEYWORD]: 'signed' });
export const bool = (): TUnsafe<boolean> => Type.Unsafe<boolean>({ type: 'boolean' });
export const anyObject = (): TUnsafe<Record<string, unknown>> => Type.Unsafe<Record<string, unknown>>({ type: 'object' });
/**
 * A field real servers send that the document does not name: any JSON at MUST level, `type` (and, given, one of
 * `knownValues`) at SHOULD level.
 */
export function wireField(type: WireType, description: string, knownValues?: readonly string[]): TUnsafe<unknown> {
  return Type.Unsafe<unknown>({
    [WIRE_TYPE_KEYWORD]: type,
    ...(knownValues ? { [KNOWN_VALUES_KEYWORD]: [...knownValues] } : {}),
    description,
  });
}
/** "any JSON value" (PropertyFilter.values). */
export const anyValue = (): TUnsafe<unknown> => Type.Unsafe<unknown>({});
/** An object in the document, `any` in the public clients (post.body, signature.types/value): see DOCUMENT_TYPE_KEYWORD. */
export const documentObject = (): TUnsafe<unknown> => Type.Unsafe<unknown>({ [DOCUMENT_TYPE_KEYWORD]: 'object' });
export const arrayOf = <T extends TSchema>(items: T): TUnsafe<Static<T>[]> => Type.Unsafe<Static<T>[]>({ type: 'array', items });

/** An enumeration whose full value set the document gives (OrderSide, MarketplaceKind, PropertyType): MUST. */
export function closedEnum<const V extends readonly string[]>(values: V, description: string): TUnsafe<V[number]> {
  return Type.Unsafe<V[number]>({ type: 'string', enum: [...values], description });
}

/** An enumeration the document shows only partly: any string is conformant, an unknown value is a SHOULD finding. */
export function openEnum(knownValues: readonly string[], description: string): TUnsafe<string> {
  return Type.Unsafe<string>({ type: 'string', [KNOWN_VALUES_KEYWORD]: [...knownValues], description });
}

/** A reference to a named schema (resolved by ajv through `$id`), keeping the target's static type. */
export function ref<T extends TSchema>(schema: T): TUnsafe<Static<T>> {
  if (!schema.$id) throw new Error('ref() needs a schema with $id');
  return Type.Unsafe<Static<T>>({ $ref: schema.$id });
}

/** "may be null": a type list for plain types (clear ajv messages), anyOf for references and composites. */
export function nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const raw = schema as unknown as Record<string, unknown>;
  if (Array.isArray(raw['type']) && raw['type'].includes('null')) return Type.Unsafe<Static<T> | null>(raw);
  if (typeof raw['type'] === 'string' && raw['$ref'] === undefined) {
    const copy: Record<string, unknown> = { ...raw, type: [raw['type'], 'null'] };
    if (Array.isArray(raw['enum'])) copy['enum'] = [...(raw['enum'] as unknown[]), null];
    return Type.Unsafe<Static<T> | null>(copy);
  }
  return Type.Unsafe<Static<T> | null>({ anyOf: [raw, { type: 'null' }] });
}

type ResponseProps<P extends TProperties, R extends keyof P> = {
  [K in keyof P]: K extends R ? P[K] : TOptional<TUnsafe<Static<P[K]> | null>>;
};
type RequestProps<P extends TProperties, R extends keyof P> = {
  [K in keyof P]: K extends R ? P[K] : TOptional<P[K]>;
};

export interface ObjectOptions<R> {
  readonly $id?: string;
  readonly required?: readonly R[];
  readonly description?: string;
}

/**
 * A response object: open (extra keys are normal, wire-facts.md §5), every field absent-or-null unless the
 * document marks it required.
 */
export function responseObject<P extends TProperties, R extends keyof P & string = never>(
  props: P,
  options: ObjectOptions<R> = {},
): TObject<ResponseProps<P, R>> {
  const required = new Set<string>(options.required ?? []);
  const shaped: Record<string, TSchema> = {};
  for (const [key, schema] of Object.entries(props)) {
    shaped[key] = required.has(key) ? schema : Type.Optional(nullable(schema));
  }
  return Type.Object(shaped, withoutUndefined({ $id: options.$id, description: options.description })) as TObject<ResponseProps<P, R>>;
}

/**
 * A request object: closed, so a generated request can hold nothing the contract does not name; fields
 * optional unless the document marks them required ("Which request fields are required: not shown").
 */
export function requestObject<P extends TProperties, R extends keyof P & string = never>(
  props: P,
  options: ObjectOptions<R> = {},
): TObject<RequestProps<P, R>> {
  const required = new Set<string>(options.required ?? []);
  const shaped: Record<string, TSchema> = {};
  for (const [key, schema] of Object.entries(props)) {
    shaped[key] = required.has(key) ? schema : Type.Optional(schema);
  }
  return Type.Object(
    shaped,
    withoutUndefined({ $id: options.$id, description: options.description, additionalProperties: false }),
  ) as TObject<RequestProps<P, R>>;
}

function withoutUndefined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export const resourceId = (name: string): string => `${SCHEMA_BASE}resources/${name}.json`;
