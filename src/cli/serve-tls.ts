/**
 * `conformance serve --tls-cert FILE --tls-key FILE`: the two PEM files read with the bounds of every input file
 * of the tool, and tried as node's TLS would use them, so that a wrong file is one line (exit 2) before anything
 * listens. No refusal quotes a file's text: the key's must never reach a terminal.
 */
import { resolve } from 'node:path';
import { readPemFile, tlsRefusal } from '../config/pem-files.js';
import { UsageError } from '../config/usage-error.js';

export interface ServeTls {
  readonly key: string;
  readonly cert: string;
  /** The certificate's file, absolute: the printed certify command trusts it with --ca-file. */
  readonly certFile: string;
}

/** Undefined when neither flag is given; both read and checked when both are; else a usage error. */
export function readServeTls(raw: { tlsCert?: string; tlsKey?: string }): ServeTls | undefined {
  const given = (value: string | undefined) => value !== undefined && value !== '';
  if (!given(raw.tlsCert) && !given(raw.tlsKey)) return undefined;
  if (!given(raw.tlsCert) || !given(raw.tlsKey))
    throw new UsageError('--tls-cert and --tls-key go together: an HTTPS server needs its certificate and its private key');
  const certFile = resolve(raw.tlsCert!);
  const keyFile = resolve(raw.tlsKey!);
  const cert = readPemFile(certFile, '--tls-cert', 'certificate');
  const key = readPemFile(keyFile, '--tls-key', 'private key');
  const certRefused = tlsRefusal({ cert });
  if (certRefused) throw new UsageError(`--tls-cert: ${certFile} holds no certificate node can use (${certRefused})`);
  const keyRefused = tlsRefusal({ key });
  if (keyRefused)
    throw new UsageError(
      `--tls-key: ${keyFile} holds no private key node can use (${keyRefused}${keyRefused === 'ERR_OSSL_BAD_DECRYPT' ? ': an encrypted key; give it decrypted' : ''})`,
    );
  const pairRefused = tlsRefusal({ key, cert });
  if (pairRefused) throw new UsageError(`--tls-key: ${keyFile} is not the private key of the certificate in ${certFile} (${pairRefused})`);
  return { key, cert, certFile };
}
