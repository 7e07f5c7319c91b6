/** The request a spec file offers as its operation's example, and whether the document's 200 is owed to it. */
export interface Example<Body> {
  readonly body: Body;
  /**
   * True when the request names entities known to exist (fixtures, or data the suite made itself), so the
   * document's "Success response: HTTP 200" is expected. A request on unknown entities may fairly be refused.
   */
  readonly grounded: boolean;
  /** Why the example is not grounded (shown when the server refuses it). */
  readonly why?: string;
  /**
   * The same request with a field real servers may require though the document does not list it (wire-facts.md
   * §3): sent once when the documented request is refused, and judged instead when it is answered.
   */
  readonly completed?: { readonly field: string; readonly body: Body };
}
