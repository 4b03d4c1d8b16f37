import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/** A CA of this test, a server certificate for localhost/127.0.0.1 and a client certificate, all signed by it (PEM files in `dir`). */
export function selfSignedCa(dir: string) {
  const path = (name: string) => join(dir, name);
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=stock-replenisher test CA', '-keyout', path('ca.key'), '-out', path('ca.pem'));
  const leaf = (name: string, subject: string, ext: string) => {
    writeFileSync(path(`${name}.ext`), ext);
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', subject, '-keyout', path(`${name}.key`), '-out', path(`${name}.csr`));
    openssl('x509', '-req', '-in', path(`${name}.csr`), '-CA', path('ca.pem'), '-CAkey', path('ca.key'), '-CAcreateserial', '-days', '2', '-extfile', path(`${name}.ext`), '-out', path(`${name}.pem`));
  };
  leaf('server', '/CN=localhost', 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth,clientAuth\n');
  leaf('client', '/CN=replenisher-worker', 'extendedKeyUsage=clientAuth\n');
  return {
    ca: path('ca.pem'),
    server: { cert: path('server.pem'), key: path('server.key') },
    client: { cert: path('client.pem'), key: path('client.key') },
  };
}
