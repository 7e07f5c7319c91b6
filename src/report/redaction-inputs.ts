/** What a run must keep out of every output: its access key and the secret parts of the URLs the user gave. */
import type { RedactionInputs } from './redactor.js';

export function redactionInputsOf(
  config: {
    readonly accessKey?: string | undefined;
    readonly chainRpcUrl?: string | undefined;
    readonly givenUrls?: readonly string[] | undefined;
  },
  ...moreKeys: (string | undefined)[]
): RedactionInputs {
  return { keys: [config.accessKey, ...moreKeys], urls: [config.chainRpcUrl, ...(config.givenUrls ?? [])] };
}
