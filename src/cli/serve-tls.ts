/**
 * `conformance serve --tls-cert FILE --tls-key FILE`: the two PEM files read with the bounds of every input file
 * of the tool, and tried as node's TLS would use them, so that a wrong file is one line (exit 2) before anything
 * listens. No refusal quotes a file's text: the key's must never reach a terminal.
 */
import { resolve } from 'node:path';
import { createSecureContext, type SecureContextOptions } from 'node:tls';
import { readBoundedText } from '../config/bounded-file.js';
import { UsageError } from '../config/usage-error.js';

export interface ServeTls {
  readonly key: string;
  readonly cert: string;
  /** The certificate's file, absolute: the printed certify command trusts it with --ca-file. */
  readonly certFile: string;
}

/** Far above a certificate chain or a key in PEM, far below what a misnamed file could weigh. */
const PEM_FILE_LIMIT_BYTES = 1024 * 1024;

/** The code of node's (OpenSSL's) refusal, never its message's quotes of the input. */
const refusalCode = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? 'refused';

function tried(options: SecureContextOptions): string | undefined {
  try {
    createSecureContext(options);
    return undefined;
  } catch (error) {
    return refusalCode(error);
  }
}

/** Undefined when neither flag is given; both read and checked when both are; else a usage error. */
export function readServeTls(raw: { tlsCert?: string; tlsKey?: string }): ServeTls | undefined {
  const given = (value: string | undefined) => value !== undefined && value !== '';
  if (!given(raw.tlsCert) && !given(raw.tlsKey)) return undefined;
  if (!given(raw.tlsCert) || !given(raw.tlsKey))
    throw new UsageError('--tls-cert and --tls-key go together: an HTTPS server needs its certificate and its private key');
  const certFile = resolve(raw.tlsCert!);
  const keyFile = resolve(raw.tlsKey!);
  const cert = readBoundedText(certFile, '--tls-cert', PEM_FILE_LIMIT_BYTES);
  const key = readBoundedText(keyFile, '--tls-key', PEM_FILE_LIMIT_BYTES);
  if (!/-----BEGIN CERTIFICATE-----/.test(cert)) throw new UsageError(`--tls-cert: ${certFile} holds no PEM certificate`);
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(key)) throw new UsageError(`--tls-key: ${keyFile} holds no PEM private key`);
  const certRefused = tried({ cert });
  if (certRefused) throw new UsageError(`--tls-cert: ${certFile} holds no certificate node can use (${certRefused})`);
  const keyRefused = tried({ key });
  if (keyRefused)
    throw new UsageError(
      `--tls-key: ${keyFile} holds no private key node can use (${keyRefused}${keyRefused === 'ERR_OSSL_BAD_DECRYPT' ? ': an encrypted key; give it decrypted' : ''})`,
    );
  const pairRefused = tried({ key, cert });
  if (pairRefused) throw new UsageError(`--tls-key: ${keyFile} is not the private key of the certificate in ${certFile} (${pairRefused})`);
  return { key, cert, certFile };
}
