/**
 * Invalid requests that shrink to the fewest parts. A mutation is drawn over a base body, and fast-check
 * shrinks the base by drawing the mutation anew (a chain), so a counterexample often keeps parts the failure
 * does not need: bodies drawn "full" (every optional field, arrays of one item or more) stay full, and arrays
 * keep two or three items. Once fast-check's own candidates are spent, these offer the same request with one
 * part fewer: an optional field, or an array item, away from the mutated place (its ancestors and the items
 * before it stay, so the pointer still names it). The schema allows each removal: no field the schema
 * requires goes, and the contract bounds no array.
 */
import fc from 'fast-check';
import { isRecord } from '../src/contract/json-values.js';
import { bodyNodes, type BodyNode } from './body-nodes.js';
import { removedAt } from './json-edit.js';
import type { JsonSchema } from './json-schema.js';
import type { InvalidRequest } from './mutations/mutation.js';

type Context = { readonly drawn: unknown } | 'pruned';

export function pruningShrink(inner: fc.Arbitrary<InvalidRequest>, schema: JsonSchema): fc.Arbitrary<InvalidRequest> {
  return new PruningShrink(inner, schema);
}

class PruningShrink extends fc.Arbitrary<InvalidRequest> {
  constructor(
    private readonly inner: fc.Arbitrary<InvalidRequest>,
    private readonly schema: JsonSchema,
  ) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<InvalidRequest> {
    const drawn = this.inner.generate(mrng, biasFactor);
    return new fc.Value(drawn.value_, { drawn: drawn.context } satisfies Context);
  }

  canShrinkWithoutContext(value: unknown): value is InvalidRequest {
    return false;
  }

  shrink(value: InvalidRequest, context: unknown): fc.Stream<fc.Value<InvalidRequest>> {
    const own = context as Context | undefined;
    const drawn =
      own !== undefined && own !== 'pruned'
        ? this.inner.shrink(value, own.drawn).map((v) => new fc.Value(v.value_, { drawn: v.context } satisfies Context))
        : fc.Stream.nil<fc.Value<InvalidRequest>>();
    const schema = this.schema;
    return drawn.join(
      fc.stream(
        (function* () {
          for (const smaller of prunedOf(value, schema)) yield new fc.Value(smaller, 'pruned' satisfies Context);
        })(),
      ),
    );
  }
}

/** The request with one removable part fewer, the largest parts first. */
export function* prunedOf(request: InvalidRequest, schema: JsonSchema): Generator<InvalidRequest> {
  const { body, path } = request;
  if (path === undefined || request.rawBody !== undefined || !isRecord(body)) return;
  const nodes = bodyNodes(body, schema);
  const byPointer = new Map(nodes.map((node) => [node.pointer, node]));
  const removable = nodes.filter((node) => isRemovable(node, byPointer, path));
  removable.sort((a, b) => depth(a.pointer) - depth(b.pointer) || b.pointer.localeCompare(a.pointer));
  for (const node of removable) yield { ...request, body: removedAt(body, node.pointer) };
}

function isRemovable(node: BodyNode, byPointer: ReadonlyMap<string, BodyNode>, path: string): boolean {
  const { pointer } = node;
  if (node.role === 'root' || pointer === path || path.startsWith(`${pointer}/`)) return false;
  const cut = pointer.lastIndexOf('/');
  const parentPointer = pointer.slice(0, cut);
  const segment = pointer.slice(cut + 1);
  if (node.role === 'item') {
    // An item before the mutated place's own would move it: only items after it, or in arrays off its path, go.
    const onPath = path.startsWith(`${parentPointer}/`);
    if (!onPath) return true;
    const pathIndex = Number(path.slice(parentPointer.length + 1).split('/')[0]);
    return Number(segment) > pathIndex;
  }
  const parent = byPointer.get(parentPointer);
  const required = parent?.schema.required ?? [];
  return !required.includes(unescapeSegment(segment));
}

const depth = (pointer: string): number => pointer.split('/').length;
const unescapeSegment = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');
