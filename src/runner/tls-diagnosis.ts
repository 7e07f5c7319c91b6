/**
 * What a TLS failure means to the user: its cause in words, and the option that fixes it. One line, for the
 * reachability probe (exit 2) and the run's incidents.
 */
import tls from 'node:tls';

/** `message` is a transport failure of kind `tls`: node's code, a colon, node's message. */
export function tlsProblem(url: string, message: string): string {
  const origin = originOf(url);
  const code = message.split(':')[0]!.trim();
  if (/EPROTO|wrong version number/i.test(message)) return `${origin}: https:// was given but the server answers plain HTTP: use http://`;
  if (/SELF_SIGNED|UNABLE_TO_GET_ISSUER|UNABLE_TO_VERIFY_LEAF/.test(code))
    return `${origin}: its TLS certificate is not signed by an authority Node trusts (${code}): pass that authority's certificate with --ca-file (or NODE_EXTRA_CA_CERTS), or skip verification with --insecure`;
  if (/CERT_HAS_EXPIRED|CERT_NOT_YET_VALID/.test(code))
    return `${origin}: its TLS certificate is outside its validity period (${code}): renew it, or skip verification with --insecure`;
  if (/ALTNAME/.test(code))
    return `${origin}: its TLS certificate is not issued for this host name (${code}): use a name it was issued for, or skip verification with --insecure`;
  if (/certificate required|handshake failure|bad certificate/i.test(message))
    return `${origin}: the server refused the TLS handshake (${message}): if it asks for a client certificate, pass --cert and --key`;
  return `${origin}: no TLS session (${message}): see --ca-file, --insecure, --cert and --key`;
}

/** Whether the server at `url`'s host and port completes a TLS handshake (certificate not judged). */
export function speaksTls(url: string, timeoutMs = 2000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = tls.connect({
      host: hostname.replace(/^\[|\]$/g, ''),
      port: Number(port || 80),
      rejectUnauthorized: false,
      ...(/^[\d.]+$|:/.test(hostname) ? {} : { servername: hostname }),
    });
    const done = (answer: boolean): void => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('secureConnect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
