/**
 * Copy-on-write edits of a JSON document at a JSON pointer: a mutation never alters the valid body it got.
 * Only the objects and arrays on the pointer's path are copied; the rest of the edited document is shared with
 * the original, which nothing alters (bodies are only ever serialised). A mutation is made for every generated
 * request, so copying the whole body each time was a visible share of a run's generation.
 */

export function replacedAt(document: unknown, pointer: string, value: unknown): unknown {
  if (pointer === '') return value;
  return editedAt(document, pointer, (parent, last) => {
    if (Array.isArray(parent)) parent[Number(last)] = value;
    else parent[last] = value;
  });
}

export function removedAt(document: unknown, pointer: string): unknown {
  return editedAt(document, pointer, (parent, last) => {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  });
}

type Container = Record<string, unknown> | unknown[];

/** A copy of `document` with the containers down to the pointer's parent copied, and `edit` applied to that parent. */
function editedAt(document: unknown, pointer: string, edit: (parent: Container, last: string) => void): unknown {
  const segments = pointer.slice(1).split('/').map(unescape);
  const last = segments.pop();
  const root = shallowCopy(document, pointer);
  let parent = root;
  for (const segment of segments) {
    const copy = shallowCopy((parent as Record<string, unknown>)[segment], pointer);
    (parent as Record<string, unknown>)[segment] = copy;
    parent = copy;
  }
  if (last === undefined) throw new Error(`no parent for ${pointer}`);
  edit(parent, last);
  return root;
}

function shallowCopy(value: unknown, pointer: string): Container {
  if (Array.isArray(value)) return [...(value as unknown[])];
  if (value === null || typeof value !== 'object') throw new Error(`no parent for ${pointer}`);
  return { ...(value as Record<string, unknown>) };
}

function unescape(segment: string): string {
  return segment.includes('~') ? segment.replace(/~1/g, '/').replace(/~0/g, '~') : segment;
}
