/**
 * PEM files given to the tool (a server's certificate and key, a client's, an authority to trust): read with
 * the bounds of every input file, and tried as node's TLS would use them, so that a wrong file is one line
 * (exit 2) before anything is sent or listens. No refusal quotes a file's text: a key's must never reach a
 * terminal.
 */
import { X509Certificate } from 'node:crypto';
import { createSecureContext, type SecureContextOptions } from 'node:tls';
import { readBoundedText } from './bounded-file.js';
import { UsageError } from './usage-error.js';

/** Far above a certificate chain or a key in PEM, far below what a misnamed file could weigh. */
export const PEM_FILE_LIMIT_BYTES = 1024 * 1024;

const PEM_KINDS = {
  certificate: /-----BEGIN CERTIFICATE-----/,
  'private key': /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
} as const;

/** The text of the PEM file at `absolute` (given with `flag`), holding at least one `kind`; else a usage error. */
export function readPemFile(absolute: string, flag: string, kind: keyof typeof PEM_KINDS): string {
  const text = readBoundedText(absolute, flag, PEM_FILE_LIMIT_BYTES);
  if (!PEM_KINDS[kind].test(text)) throw new UsageError(`${flag}: ${absolute} holds no PEM ${kind}`);
  return text;
}

/**
 * The code of the refusal of a certificate in `text` that node cannot read, undefined when it reads every one:
 * as authorities to trust, node passes over a certificate it cannot read without a word.
 */
export function certificatesRefusal(text: string): string | undefined {
  for (const block of text.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [text]) {
    try {
      new X509Certificate(block);
    } catch (error) {
      return (error as NodeJS.ErrnoException).code ?? 'refused';
    }
  }
  return undefined;
}

/** The code of node's (OpenSSL's) refusal of `options`, never its message, which may quote the input; undefined when accepted. */
export function tlsRefusal(options: SecureContextOptions): string | undefined {
  try {
    createSecureContext(options);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'refused';
  }
}
