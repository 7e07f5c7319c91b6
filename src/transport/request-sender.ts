/**
 * Who in the run sent a request (a check of one operation on one network). Kept beside the request, never on
 * the wire to a target: a cassette records it so that a replay answers each sender's identical requests in that
 * sender's own order, whatever order concurrent checks reach the replay in (a stateful read such as GetAudience
 * is answered differently before and after a removal, and two checks may send the same read).
 */
const senders = new WeakMap<object, string>();

/** The header a replay's requests carry their sender in: sent only to the replay's own loopback server. */
export const SENDER_HEADER = 'x-conformance-sender';

export function tagSender(request: object, sender: string): void {
  senders.set(request, sender);
}

export function senderOf(request: object): string | undefined {
  return senders.get(request);
}
