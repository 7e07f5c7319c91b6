/** Copy-on-write edits of a JSON document at a JSON pointer: a mutation never alters the valid body it got. */

export function replacedAt(document: unknown, pointer: string, value: unknown): unknown {
  if (pointer === '') return value;
  const copy = structuredClone(document);
  const [parent, last] = parentOf(copy, pointer);
  if (Array.isArray(parent)) parent[Number(last)] = value;
  else parent[last] = value;
  return copy;
}

export function removedAt(document: unknown, pointer: string): unknown {
  const copy = structuredClone(document);
  const [parent, last] = parentOf(copy, pointer);
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return copy;
}

function parentOf(document: unknown, pointer: string): [Record<string, unknown> | unknown[], string] {
  const segments = pointer.slice(1).split('/').map(unescape);
  const last = segments.pop();
  let current: unknown = document;
  for (const segment of segments) current = (current as Record<string, unknown>)[segment];
  if (last === undefined || current === null || typeof current !== 'object') throw new Error(`no parent for ${pointer}`);
  return [current as Record<string, unknown> | unknown[], last];
}

function unescape(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
