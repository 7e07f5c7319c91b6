/**
 * A certificate for 127.0.0.1 that no authority signed, made at test time, with its PEM written to a file of
 * its own for --ca-file: the TLS fronts of the tests stand before a reference server with it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export async function loopbackCertificate(): Promise<{ key: string; cert: string; caFile: string }> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  const caFile = join(mkdtempSync(join(tmpdir(), 'conformance-tls-')), 'ca.pem');
  writeFileSync(caFile, pems.cert);
  return { key: pems.private, cert: pems.cert, caFile };
}
