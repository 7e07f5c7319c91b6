import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import {
  ERROR_KINDS,
  errorBody,
  OPERATIONS,
  operationId,
  GetFloorOrder,
  TokenCollectionFilters,
  GetSwapPrices,
  GetSwapQuote,
  GenerateSellTransaction,
  ErrorObject,
  CheckoutOptionsMarketplace,
  INTEGER_KEYWORD,
  PropertyFilterInput,
} from '../src/contract/index.js';
import { contractSchemaFiles } from '../src/contract/schema-files.js';
import { allSchemaFiles, renderSchemaFile } from '../src/cli/published-schemas.js';
import { validators } from '../src/validation/validators.js';

const SCHEMAS = join(import.meta.dirname, '..', 'schemas');

describe('published schemas', () => {
  it('every published file is what the contract generates (run `npm run schemas` after a change)', () => {
    for (const entry of allSchemaFiles()) {
      expect(readFileSync(join(SCHEMAS, entry.file), 'utf8'), entry.file).toBe(renderSchemaFile(entry));
    }
  });

  it("every schema compiles with a plain ajv (draft 2020-12), without this project's code", () => {
    const Ajv = (Ajv2020 as unknown as { default: typeof Ajv2020 }).default ?? Ajv2020;
    const ajv = new (
      Ajv as unknown as new (o: object) => {
        addSchema(s: object): void;
        addKeyword(k: string): void;
        addFormat(n: string, v: boolean): void;
        getSchema(id: string): unknown;
      }
    )({ strict: false, allowUnionTypes: true });
    ajv.addFormat('date-time', true);
    const files = allSchemaFiles().map((e) => JSON.parse(readFileSync(join(SCHEMAS, e.file), 'utf8')) as { $id: string });
    for (const schema of files) ajv.addSchema(schema);
    for (const schema of files) expect(ajv.getSchema(schema.$id), schema.$id).toBeTruthy();
  });

  it('covers the 18 operations, each with a request and a response schema', () => {
    expect(OPERATIONS).toHaveLength(18);
    for (const op of OPERATIONS) {
      expect(op.request.$id, operationId(op)).toMatch(/\.request\.json$/);
      expect(op.response.$id, operationId(op)).toMatch(/\.response\.json$/);
    }
  });
});

describe('what the document states', () => {
  const v = validators();

  it('response fields may be absent or null', () => {
    expect(v.must(GetFloorOrder.response.$id!, {})).toEqual([]);
    expect(v.must(GetFloorOrder.response.$id!, { collectible: null })).toEqual([]);
    expect(v.must(GetFloorOrder.response.$id!, { collectible: { order: { chainId: null, side: null, feeBreakdown: null } } })).toEqual([]);
  });

  it('extra response keys are normal (wire-facts §5)', () => {
    expect(v.must(GetFloorOrder.response.$id!, { collectible: { order: { chainId: 1, somethingNew: true } }, more: 1 })).toEqual([]);
  });

  it('GetSwapPrices may answer null swapPrices', () => {
    expect(v.must(GetSwapPrices.response.$id!, { swapPrices: null })).toEqual([]);
  });

  it('a wrong type is reported with its JSON pointer', () => {
    expect(v.must(GetFloorOrder.response.$id!, { collectible: { order: { chainId: '137' } } })).toEqual([
      expect.objectContaining({ pointer: '/collectible/order/chainId', keyword: 'type', actual: '137' }),
    ]);
  });

  it('closed enums refuse other values', () => {
    expect(v.must(GetFloorOrder.response.$id!, { collectible: { order: { side: 'sell' } } })[0]).toMatchObject({
      pointer: '/collectible/order/side',
      keyword: 'enum',
    });
    expect(v.must(GetFloorOrder.response.$id!, { collectible: { order: { marketplace: 'opensea' } } })).toEqual([]);
  });

  it('open enums accept any string at MUST level and flag unknown values at SHOULD level', () => {
    const body = { collectible: { order: { status: 'weird' } } };
    expect(v.must(GetFloorOrder.response.$id!, body)).toEqual([]);
    expect(v.should(GetFloorOrder.response.$id!, body, 'response')[0]).toMatchObject({
      pointer: '/collectible/order/status',
      keyword: 'x-known-values',
    });
  });

  it('PropertyFilter requires name and type, in responses too', () => {
    expect(v.must(TokenCollectionFilters.response.$id!, { filters: [{ name: 'level', type: 'INT', min: 1, max: 9 }] })).toEqual([]);
    expect(v.must(TokenCollectionFilters.response.$id!, { filters: [{ type: 'INT' }] })[0]).toMatchObject({
      pointer: '/filters/0/name',
      keyword: 'required',
    });
  });

  it('CollectiblesFilter requires includeEmpty in a request', () => {
    const id = OPERATIONS[0].request.$id!;
    expect(v.must(id, { side: 'listing', filter: { includeEmpty: false } })).toEqual([]);
    expect(v.must(id, { side: 'listing', filter: {} })[0]).toMatchObject({ pointer: '/filter/includeEmpty', keyword: 'required' });
  });

  it('conventions are SHOULD only: an address that is not hex passes MUST', () => {
    const body = { collectible: { order: { createdBy: 'alice', priceAmount: '1.5' } } };
    expect(v.must(GetFloorOrder.response.$id!, body)).toEqual([]);
    expect(
      v
        .should(GetFloorOrder.response.$id!, body, 'response')
        .map((i) => i.pointer)
        .sort(),
    ).toEqual(['/collectible/order/createdBy', '/collectible/order/priceAmount']);
  });

  it('answers are held to lower-case addresses and ...Z timestamps at SHOULD level only; requests are not', () => {
    const checksummed = '0x52908400098527886E0F7030069857D2E4169EE7';
    const offset = '2024-05-01T12:00:00+02:00';
    const answer = { collectible: { order: { createdBy: checksummed, createdAt: offset, updatedAt: '2024-05-01T10:00:00.5Z' } } };
    expect(v.must(GetFloorOrder.response.$id!, answer)).toEqual([]);
    expect(v.should(GetFloorOrder.response.$id!, answer, 'response')).toEqual([
      expect.objectContaining({
        pointer: '/collectible/order/createdBy',
        message: expect.stringContaining('lower-case'),
        actual: checksummed,
      }),
      expect.objectContaining({ pointer: '/collectible/order/createdAt', message: expect.stringContaining('UTC'), actual: offset }),
    ]);
    const request = {
      side: 'listing',
      contractAddress: checksummed,
      filter: { includeEmpty: true, inAccounts: [checksummed.toLowerCase()] },
    };
    expect(v.should(OPERATIONS[0].request.$id!, request, 'request')).toEqual([]);
  });

  it('every table error validates as an error object; a missing required field does not', () => {
    for (const kind of ERROR_KINDS) expect(v.must(ErrorObject.$id!, errorBody(kind.error))).toEqual([]);
    expect(v.must(ErrorObject.$id!, { error: 'Unauthorized', code: 1000, status: 401 })[0]).toMatchObject({ pointer: '/msg' });
  });
});

describe('zero values, free JSON and the keys real servers send (wire-facts §5)', () => {
  const v = validators();
  const steps = (...list: object[]) => ({ steps: list });
  const STEPS = GenerateSellTransaction.response.$id!;
  const FLOOR = GetFloorOrder.response.$id!;

  it('a format convention applies to non-empty values: "" passes, a wrong non-empty value does not', () => {
    const quote = { swapQuote: { currencyAddress: '', price: '', maxPrice: '', to: '', transactionData: '', approveData: '' } };
    expect(v.must(GetSwapQuote.response.$id!, quote)).toEqual([]);
    expect(v.should(GetSwapQuote.response.$id!, quote, 'response')).toEqual([]);
    expect(v.should(GetSwapQuote.response.$id!, { swapQuote: { approveData: '0xz' } }, 'response')).toEqual([
      expect.objectContaining({ pointer: '/swapQuote/approveData', keyword: 'x-convention' }),
    ]);
    const post = { id: 'signEIP712', data: '', to: '', value: '', price: '', post: { endpoint: '/x', method: 'POST', body: {} } };
    expect(v.should(STEPS, steps(post), 'response')).toEqual([]);
  });

  it('a signEIP191 step carries text in data and an empty to; any other step is held to hex data and an address', () => {
    const message = { id: 'signEIP191', data: 'sign in as 0xabc', to: '', value: '', price: '' };
    expect(v.must(STEPS, steps(message))).toEqual([]);
    expect(v.should(STEPS, steps(message), 'response')).toEqual([]);
    expect(
      v
        .should(STEPS, steps({ ...message, id: 'sell', to: 'nowhere' }), 'response')
        .map((i) => [i.pointer, i.keyword])
        .sort(),
    ).toEqual([
      ['/steps/0/data', 'x-convention'],
      ['/steps/0/to', 'x-convention'],
    ]);
    expect(v.must(STEPS, steps({ ...message, data: null, to: null }))).toEqual([]);
  });

  it('post.body, signature.types and signature.value accept any JSON at MUST level', () => {
    for (const free of ['text', ['a', 1], 7, { a: 1 }, null]) {
      const step = { id: 'signEIP712', signature: { types: free, value: free, primaryType: 'X' }, post: { body: free } };
      expect(v.must(STEPS, steps(step)), JSON.stringify(free)).toEqual([]);
    }
  });

  it('post.body, signature.types and signature.value other than objects are SHOULD findings at their pointers; objects and null pass', () => {
    for (const fine of [{ a: 1 }, {}, null]) {
      const step = { id: 'signEIP712', signature: { types: fine, value: fine, primaryType: 'X' }, post: { body: fine } };
      expect(v.should(STEPS, steps(step), 'response'), JSON.stringify(fine)).toEqual([]);
    }
    for (const wrong of ['text', ['a', 1], 7, true]) {
      const step = { id: 'signEIP712', signature: { types: wrong, value: wrong, primaryType: 'X' }, post: { body: wrong } };
      const findings = v.should(STEPS, steps(step), 'response');
      expect(findings.map((i) => [i.pointer, i.keyword]).sort(), JSON.stringify(wrong)).toEqual([
        ['/steps/0/post/body', 'x-document-type'],
        ['/steps/0/signature/types', 'x-document-type'],
        ['/steps/0/signature/value', 'x-document-type'],
      ]);
      expect(findings[0]?.message).toContain("the document's type; the official clients type it any");
    }
  });

  it('collectible metadata: the snake_case keys and status are checked at SHOULD level only', () => {
    const metadata = {
      image_data: '<svg/>',
      external_url: 'https://example.invalid',
      background_color: 'ffffff',
      animation_url: '',
      status: 'AVAILABLE',
      assets: [{ name: 'image.png', url: 'https://example.invalid/image.png' }],
    };
    expect(v.must(FLOOR, { collectible: { metadata } })).toEqual([]);
    expect(v.should(FLOOR, { collectible: { metadata } }, 'response')).toEqual([]);
    const wrong = { ...metadata, image_data: 7, status: 'GONE', assets: [{ name: ['image.png'] }] };
    expect(v.must(FLOOR, { collectible: { metadata: wrong } })).toEqual([]);
    expect(
      v
        .should(FLOOR, { collectible: { metadata: wrong } }, 'response')
        .map((i) => [i.pointer, i.keyword])
        .sort(),
    ).toEqual([
      ['/collectible/metadata/assets/0/name', 'x-wire-type'],
      ['/collectible/metadata/image_data', 'x-wire-type'],
      ['/collectible/metadata/status', 'x-known-values'],
    ]);
    // The document's camelCase names keep their MUST-level types.
    expect(v.must(FLOOR, { collectible: { metadata: { imageData: 7 } } })[0]).toMatchObject({
      pointer: '/collectible/metadata/imageData',
      keyword: 'type',
    });
  });

  it('a null in a key real servers send is an absent value', () => {
    expect(v.should(FLOOR, { collectible: { metadata: { image_data: null, status: null } } }, 'response')).toEqual([]);
  });
});

describe('how request numbers are read (wire-facts §4)', () => {
  type Node = Record<string, unknown>;
  /** Every number a closed (request) schema holds, with its pointer. */
  function numbers(node: Node, pointer: string): Array<[string, Node]> {
    const types = ([] as unknown[]).concat(node['type'] ?? []);
    const own: Array<[string, Node]> = types.includes('number') || types.includes('integer') ? [[pointer, node]] : [];
    const props = Object.entries((node['properties'] ?? {}) as Record<string, Node>).flatMap(([k, v]) => numbers(v, `${pointer}/${k}`));
    const items = node['items'] ? numbers(node['items'] as Node, `${pointer}/items`) : [];
    const branches = ((node['anyOf'] ?? []) as Node[]).flatMap((b, i) => numbers(b, `${pointer}/anyOf/${i}`));
    return [...own, ...props, ...items, ...branches];
  }

  it('every number of a request says whether servers read it as a signed or an unsigned integer', () => {
    const requests = contractSchemaFiles().filter(({ schema }) => schema['additionalProperties'] === false);
    const found = requests.flatMap(({ file, schema }) => numbers(schema as unknown as Node, file));
    expect(found.length).toBeGreaterThan(0);
    for (const [where, node] of found) expect(['signed', 'unsigned'], where).toContain(node[INTEGER_KEYWORD]);
  });

  it('additionalFee (a Go int) and the property range bounds are signed; IDs are not', () => {
    const kind = (schema: object, field: string) => (schema as { properties: Record<string, Node> }).properties[field]?.[INTEGER_KEYWORD];
    expect(kind(CheckoutOptionsMarketplace.request, 'additionalFee')).toBe('signed');
    expect(kind(PropertyFilterInput, 'min')).toBe('signed');
    expect(kind(PropertyFilterInput, 'max')).toBe('signed');
    expect(kind(GetSwapPrices.request, 'chainId')).toBe('unsigned');
  });
});
