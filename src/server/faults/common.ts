/** Faults of the checks every operation gets (wire, auth, errors, properties). */
import { CHECK_CATALOGUE } from '../../checks/catalogue.js';
import { getAddress } from 'viem';
import type { Fault } from './fault.js';
import { bodyNodes, jsonKind } from '../../../properties/body-nodes.js';
import { nonNullTypes, published } from '../../../properties/json-schema.js';
import { isRecord } from '../../contract/json-values.js';
import { findOperation } from '../../contract/operations.js';
import type { FaultHooks, RequestContext } from '../types.js';
import { answer, errorNameOf, floorOrder, isError, isJson, isJsonContent, isJsonObject, on, onSuccess, parse } from './kit.js';

const FLOOR = 'Marketplace.GetFloorOrder';
const COUNT = 'Marketplace.GetCountOfFilteredCollectibles';
const TWO = ['polygon', 'xai-sepolia'] as const;
const SWAP_PRICES = 'API.GetSwapPrices';
const CHECKOUT_MARKETPLACE = 'Marketplace.CheckoutOptionsMarketplace';
const BALANCE = 'Indexer.GetNativeTokenBalance';

/** Hooks that edit the floor order of GetFloorOrder's successful answers (none to edit: left as it is). */
function editFloorOrder(edit: (order: Record<string, unknown>) => void): FaultHooks {
  return {
    transform: onSuccess(FLOOR, (body) => {
      const order = floorOrder(body);
      if (order) edit(order);
    }),
  };
}

/** A floor order spelled against a convention of wire-facts.md §5: response-conventions (SHOULD) catches it. */
function conventionFault(name: string, description: string, edit: (order: Record<string, unknown>) => void): Fault {
  return {
    name,
    description,
    hooks: editFloorOrder(edit),
    operations: [FLOOR],
    networks: TWO,
    trips: [{ check: 'response-conventions', operation: FLOOR }],
  };
}

/** GetFloorOrder's collectible metadata edited in a key real servers send (wire-facts.md §5): response-conventions catches it. */
function metadataFault(name: string, description: string, edit: (metadata: Record<string, unknown>) => void): Fault {
  return {
    name,
    description,
    hooks: {
      transform: onSuccess(FLOOR, (body) => {
        const metadata = (body['collectible'] as { metadata?: unknown } | null | undefined)?.metadata;
        if (metadata && typeof metadata === 'object') edit(metadata as Record<string, unknown>);
      }),
    },
    operations: [FLOOR],
    networks: ['polygon'],
    trips: [{ check: 'response-conventions', operation: FLOOR }],
  };
}

/**
 * Whether an array of the request holds an item its schema refuses: a null, or a value of another JSON type (a
 * number among ordersData's objects). The walk is the mutations' own, so the fault and the suite read the
 * request schema alike.
 */
function holdsWrongItem(ctx: RequestContext): boolean {
  const op = ctx.operation === undefined ? undefined : findOperation(ctx.operation);
  const body = parse(ctx.rawBody);
  if (!op || !isRecord(body)) return false;
  return bodyNodes(body, published(op.request)).some((node) => {
    if (node.role !== 'item') return false;
    const types = nonNullTypes(node.schema).map((t) => (t === 'integer' ? 'number' : t));
    return types.length > 0 && !types.includes(jsonKind(node.value) as (typeof types)[number]);
  });
}

export const COMMON_FAULTS: readonly Fault[] = [
  {
    name: 'wrong-field-type',
    description: "GetFloorOrder's order.chainId is sent as a string",
    hooks: editFloorOrder((o) => {
      o['chainId'] = String(o['chainId']);
    }),
    operations: [FLOOR],
    networks: TWO,
    trips: [
      { check: 'response-schema', operation: FLOOR },
      { check: 'valid-request-not-5xx', operation: FLOOR },
    ],
  },
  {
    name: 'wrong-enum-value',
    description: "GetFloorOrder's order.side is 'sell', not an OrderSide",
    hooks: editFloorOrder((o) => {
      o['side'] = 'sell';
    }),
    operations: [FLOOR],
    networks: TWO,
    trips: [
      { check: 'response-schema', operation: FLOOR },
      { check: 'valid-request-not-5xx', operation: FLOOR },
    ],
  },
  {
    name: 'one-broken-network',
    description: 'every Marketplace answer on base is a 500 WebrpcInternalError',
    hooks: {
      transform: (ctx, response) =>
        ctx.network === 'base' && ctx.operation === COUNT && !isError(response) ? answer('WebrpcInternalError') : response,
    },
    operations: [COUNT],
    networks: ['polygon', 'base', 'xai-sepolia'],
    trips: [
      { check: 'response-schema', operation: COUNT, network: 'base' },
      { check: 'valid-request-not-5xx', operation: COUNT, network: 'base' },
      { check: 'invalid-request-not-5xx', operation: COUNT, network: 'base' },
    ],
  },
  {
    name: 'no-auth',
    description: 'answers 200 without checking X-Access-Key',
    hooks: { skipAuth: true },
    operations: [COUNT],
    networks: TWO,
    trips: [
      { check: 'auth-missing-key', operation: COUNT },
      { check: 'auth-invalid-key', operation: COUNT },
    ],
  },
  {
    name: 'accepts-any-key',
    description: 'any non-empty X-Access-Key is accepted; only a missing one is refused',
    hooks: {
      intercept: (ctx) =>
        ctx.headers['x-access-key'] === undefined || ctx.headers['x-access-key'] === '' ? answer('Unauthorized') : undefined,
      skipAuth: true,
    },
    operations: [COUNT],
    networks: TWO,
    trips: [{ check: 'auth-invalid-key', operation: COUNT }],
  },
  {
    name: 'permission-denied-as-unauthorized',
    description: 'a key without rights for the operation is answered 401 Unauthorized instead of 403 PermissionDenied',
    hooks: { transform: (_ctx, r) => (errorNameOf(r) === 'PermissionDenied' ? answer('Unauthorized') : r) },
    operations: ['Builder.GetAudience', COUNT],
    networks: ['polygon'],
    trips: [{ check: 'limited-key-permission-denied', operation: 'Builder.GetAudience' }],
  },
  {
    name: 'unauthorized-wrong-status',
    description: 'Unauthorized is answered with HTTP and status 403',
    hooks: {
      transform: (_ctx, r) =>
        errorNameOf(r) === 'Unauthorized'
          ? answer('Unauthorized', 403, (b) => {
              b['status'] = 403;
            })
          : r,
    },
    operations: [COUNT],
    networks: TWO,
    trips: [
      { check: 'auth-missing-key', operation: COUNT },
      { check: 'auth-invalid-key', operation: COUNT },
      { check: 'error-table-agreement', operation: COUNT },
    ],
  },
  {
    name: 'status-field-disagrees',
    description: 'error bodies carry status 400 whatever the HTTP status',
    hooks: {
      transform: (_ctx, r) => {
        if (isError(r) && r.body && typeof r.body === 'object') (r.body as Record<string, unknown>)['status'] = 400;
        return r;
      },
    },
    operations: [COUNT],
    networks: TWO,
    trips: [
      { check: 'auth-missing-key', operation: COUNT },
      { check: 'auth-invalid-key', operation: COUNT },
      { check: 'bad-method', operation: COUNT },
      { check: 'error-table-agreement', operation: COUNT },
      { check: 'error-table-agreement', operation: 'Marketplace' },
    ],
  },
  {
    name: 'missing-error-code',
    description: 'error bodies lack the required code field',
    hooks: {
      transform: (_ctx, r) => {
        if (isError(r) && r.body && typeof r.body === 'object') delete (r.body as Record<string, unknown>)['code'];
        return r;
      },
    },
    operations: [COUNT],
    networks: TWO,
    trips: [
      { check: 'auth-missing-key', operation: COUNT },
      { check: 'auth-invalid-key', operation: COUNT },
      { check: 'error-body-schema', operation: COUNT },
      { check: 'error-body-schema', operation: 'Marketplace' },
    ],
  },
  {
    name: 'server-error-name-with-4xx',
    description: 'a malformed body is answered WebrpcInternalError with HTTP 400',
    hooks: {
      transform: (_ctx, r) =>
        errorNameOf(r) === 'WebrpcBadRequest'
          ? answer('WebrpcInternalError', 400, (b) => {
              b['status'] = 400;
            })
          : r,
    },
    operations: [COUNT],
    networks: TWO,
    trips: [
      { check: 'malformed-json-bad-request', operation: COUNT },
      { check: 'bad-content-type', operation: COUNT },
      { check: 'error-table-agreement', operation: COUNT },
      { check: 'error-status-class', operation: COUNT },
    ],
  },
  {
    name: 'malformed-json-5xx',
    description: 'a body that is not JSON gets 500 WebrpcServerPanic',
    hooks: { transform: (ctx, r) => (errorNameOf(r) === 'WebrpcBadRequest' && !isJson(ctx.rawBody) ? answer('WebrpcServerPanic') : r) },
    operations: [COUNT],
    networks: TWO,
    trips: [
      { check: 'malformed-json', operation: COUNT },
      { check: 'malformed-json-bad-request', operation: COUNT },
      { check: 'invalid-request-not-5xx', operation: COUNT },
      { check: 'wrong-request-not-5xx', operation: COUNT },
    ],
  },
  {
    name: 'content-type-500',
    description: 'a Content-Type other than application/json gets 500 WebrpcInternalError',
    hooks: { transform: (ctx, r) => (errorNameOf(r) === 'WebrpcBadRequest' && !isJsonContent(ctx) ? answer('WebrpcInternalError') : r) },
    operations: [COUNT],
    networks: TWO,
    trips: [
      { check: 'bad-content-type', operation: COUNT },
      { check: 'wrong-request-not-5xx', operation: COUNT },
    ],
  },
  {
    name: 'malformed-json-other-4xx',
    description: 'a body that is not JSON gets 400 InvalidArgument instead of WebrpcBadRequest',
    hooks: { transform: (ctx, r) => (errorNameOf(r) === 'WebrpcBadRequest' && !isJson(ctx.rawBody) ? answer('InvalidArgument') : r) },
    operations: [COUNT],
    networks: TWO,
    trips: [{ check: 'malformed-json-bad-request', operation: COUNT }],
  },
  {
    name: 'wrong-types-5xx',
    description: 'a wrong JSON type in a valid JSON body gets 500 WebrpcInternalError',
    hooks: {
      transform: (ctx, r) =>
        errorNameOf(r) === 'WebrpcBadRequest' && isJson(ctx.rawBody) && isJsonContent(ctx) ? answer('WebrpcInternalError') : r,
    },
    operations: [COUNT],
    networks: TWO,
    trips: [{ check: 'invalid-request-not-5xx', operation: COUNT }],
  },
  {
    name: 'nested-mistake-5xx',
    description: 'a null or a wrong JSON type inside an array of the body (a filter property, an order) gets 500 WebrpcInternalError',
    hooks: { transform: (ctx, r) => (isJsonContent(ctx) && holdsWrongItem(ctx) ? answer('WebrpcInternalError') : r) },
    operations: [COUNT, CHECKOUT_MARKETPLACE],
    networks: ['polygon'],
    trips: [
      { check: 'invalid-request-not-5xx', operation: COUNT },
      { check: 'invalid-request-not-5xx', operation: CHECKOUT_MARKETPLACE },
    ],
  },
  {
    name: 'wrong-types-accepted',
    description: 'a wrong JSON type is ignored and answered 200',
    hooks: {
      transform: (ctx, r) =>
        errorNameOf(r) === 'WebrpcBadRequest' && isJsonObject(ctx.rawBody) && isJsonContent(ctx)
          ? { status: 200, headers: { 'content-type': 'application/json' }, body: { count: 0 } }
          : r,
    },
    operations: [COUNT],
    networks: TWO,
    trips: [{ check: 'invalid-request-4xx', operation: COUNT }],
  },
  {
    name: 'valid-request-5xx',
    description: 'GetCountOfFilteredCollectibles answers 500 when the filter has property filters',
    hooks: {
      transform: on(COUNT, (ctx, r) => {
        const body = parse(ctx.rawBody) as { filter?: { properties?: unknown[] } } | undefined;
        return r.status === 200 && (body?.filter?.properties?.length ?? 0) > 0 ? answer('WebrpcInternalError') : r;
      }),
    },
    operations: [COUNT],
    networks: TWO,
    // An added unknown key leaves the request valid, so the invalid-request property meets the fault too.
    trips: [
      { check: 'valid-request-not-5xx', operation: COUNT },
      { check: 'invalid-request-not-5xx', operation: COUNT },
    ],
  },
  {
    name: 'unknown-error-name',
    description: 'refusals use an error name outside the table (AccessKeyNotFound 1101, 401)',
    hooks: {
      transform: (_ctx, r) =>
        errorNameOf(r) === 'Unauthorized'
          ? answer('Unauthorized', 401, (b) => {
              b['error'] = 'AccessKeyNotFound';
              b['code'] = 1101;
            })
          : r,
    },
    operations: [COUNT],
    networks: TWO,
    trips: [
      { check: 'auth-missing-key', operation: COUNT },
      { check: 'auth-invalid-key', operation: COUNT },
      { check: 'error-known-name', operation: COUNT },
    ],
  },
  {
    name: 'api-own-error-code',
    description:
      "API operations answer InvalidArgument with the API service's own code 2000 (a row the document lists for Marketplace only)",
    hooks: {
      transform: (ctx, r) =>
        ctx.operation?.startsWith('API.') === true && errorNameOf(r) === 'InvalidArgument'
          ? answer('InvalidArgument', undefined, (b) => {
              b['code'] = 2000;
            })
          : r,
    },
    operations: [SWAP_PRICES],
    networks: ['polygon'],
    trips: [{ check: 'error-unlisted-row-agreement', operation: SWAP_PRICES }],
  },
  {
    name: 'indexer-unauthorized-own-code',
    description: 'the Indexer answers Unauthorized with code 1101 (a row the document lists for every operation)',
    hooks: {
      transform: (ctx, r) =>
        ctx.operation === BALANCE && errorNameOf(r) === 'Unauthorized'
          ? answer('Unauthorized', undefined, (b) => {
              b['code'] = 1101;
            })
          : r,
    },
    operations: [BALANCE],
    networks: ['polygon'],
    trips: [
      { check: 'auth-missing-key', operation: BALANCE },
      { check: 'auth-invalid-key', operation: BALANCE },
      { check: 'error-table-agreement', operation: BALANCE },
    ],
  },
  {
    name: 'metadata-bad-route-400',
    description: 'the Metadata service answers an unknown method WebrpcBadRoute with HTTP and status 400 (the protocol row says 404)',
    hooks: {
      transform: (ctx, r) =>
        ctx.service === 'Metadata' && errorNameOf(r) === 'WebrpcBadRoute'
          ? answer('WebrpcBadRoute', 400, (b) => {
              b['status'] = 400;
            })
          : r,
    },
    operations: ['Metadata.TokenCollectionFilters'],
    networks: ['polygon'],
    trips: [
      { check: 'bad-route', operation: 'Metadata' },
      { check: 'error-table-agreement', operation: 'Metadata' },
    ],
  },
  {
    name: 'builder-bad-method-other-code',
    description: 'the Builder service answers a GET WebrpcBadMethod 405 with code -4 (the protocol row says -3)',
    hooks: {
      transform: (ctx, r) =>
        // The answer's own headers (Allow: POST) are kept: only the code breaks the row.
        ctx.service === 'Builder' && errorNameOf(r) === 'WebrpcBadMethod' ? { ...r, body: { ...(r.body as object), code: -4 } } : r,
    },
    operations: ['Builder.GetAudience'],
    networks: ['polygon'],
    trips: [{ check: 'error-table-agreement', operation: 'Builder.GetAudience' }],
  },
  {
    name: 'verbose-error-message',
    description: "error msg carries details instead of the table's default message",
    hooks: {
      transform: (_ctx, r) => {
        if (isError(r) && r.body && typeof r.body === 'object') (r.body as Record<string, unknown>)['msg'] = 'something went wrong here';
        return r;
      },
    },
    operations: [COUNT],
    networks: TWO,
    trips: [
      { check: 'error-default-message', operation: COUNT },
      { check: 'error-default-message', operation: 'Marketplace' },
    ],
  },
  {
    name: 'get-accepted',
    description: 'GET is answered like POST',
    hooks: {
      transform: (ctx, r) =>
        ctx.method === 'GET' && errorNameOf(r) === 'WebrpcBadMethod'
          ? { status: 200, headers: { 'content-type': 'application/json' }, body: { count: 0 } }
          : r,
    },
    operations: [COUNT],
    networks: TWO,
    trips: [{ check: 'bad-method', operation: COUNT }],
  },
  {
    name: 'unknown-method-400',
    description: 'an unknown method name gets 400 WebrpcBadRequest instead of 404 WebrpcBadRoute',
    hooks: { transform: (_ctx, r) => (errorNameOf(r) === 'WebrpcBadRoute' ? answer('WebrpcBadRequest') : r) },
    operations: [
      COUNT,
      'API.IsValidETHAuthProof',
      'Builder.GetAudience',
      'Metadata.TokenCollectionFilters',
      'Relayer.FeeOptions',
      'Indexer.GetNativeTokenBalance',
    ],
    networks: TWO,
    trips: [
      { check: 'bad-route', operation: 'Marketplace' },
      { check: 'bad-route', operation: 'Relayer' },
      { check: 'bad-route', operation: 'Indexer' },
      { check: 'bad-route', operation: 'API' },
      { check: 'bad-route', operation: 'Builder' },
      { check: 'bad-route', operation: 'Metadata' },
    ],
  },
  {
    name: 'content-type-ignored',
    description: 'a text/plain body is read as JSON',
    hooks: {
      intercept: (ctx) => {
        if (!String(ctx.headers['content-type'] ?? '').startsWith('text/plain')) return undefined;
        (ctx.headers as Record<string, string>)['content-type'] = 'application/json';
        return undefined;
      },
    },
    operations: [COUNT],
    networks: TWO,
    trips: [{ check: 'bad-content-type', operation: COUNT }],
  },
  {
    name: 'text-content-type',
    description: 'answers are labelled text/plain',
    hooks: { transform: (_ctx, r) => ({ ...r, headers: { ...r.headers, 'content-type': 'text/plain; charset=utf-8' } }) },
    operations: [COUNT],
    networks: TWO,
    trips: [{ check: 'response-content-type', operation: COUNT }],
  },
  conventionFault('upper-case-hex-address', "GetFloorOrder's order.createdBy is not an address ('0xZZ…')", (o) => {
    o['createdBy'] = `0x${'Z'.repeat(40)}`;
  }),
  conventionFault('mixed-case-address', "GetFloorOrder's order.createdBy is EIP-55 checksummed, not lower-case hex", (o) => {
    if (typeof o['createdBy'] === 'string') o['createdBy'] = getAddress(o['createdBy']);
  }),
  conventionFault('offset-timestamp', "GetFloorOrder's order.createdAt is the same instant written at +02:00, not in UTC (...Z)", (o) => {
    if (typeof o['createdAt'] !== 'string') return;
    const local = new Date(Date.parse(o['createdAt']) + 2 * 3_600_000).toISOString().replace(/Z$/, '');
    o['createdAt'] = `${local}+02:00`;
  }),
  metadataFault('metadata-status-unknown', "GetFloorOrder's collectible metadata status is 'ready', not a known status", (m) => {
    m['status'] = 'ready';
  }),
  metadataFault('metadata-url-not-string', "GetFloorOrder's collectible metadata external_url is an object, not a string", (m) => {
    m['external_url'] = { href: m['external_url'] };
  }),
  {
    name: 'hangs',
    description: 'GetFloorOrder never answers on polygon',
    hooks: { intercept: (ctx) => (ctx.operation === FLOOR && ctx.network === 'polygon' ? 'hang' : undefined) },
    operations: [FLOOR],
    networks: TWO,
    timeoutMs: 2_000,
    // Every check of the hanging operation on polygon ends errored, and so do the checks that judge the answers
    // of the others: there was none to judge. All but invalid-request-4xx, skipped: no invalid request was judged.
    trips: CHECK_CATALOGUE.filter((c) => c.operations.includes(FLOOR) && c.area !== 'harness' && c.id !== 'invalid-request-4xx').map(
      (c) => ({ check: c.id, operation: FLOOR, network: 'polygon' }),
    ),
  },
];
