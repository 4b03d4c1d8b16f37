import { readFileSync } from 'node:fs';
import type { TLSConfig } from '@temporalio/client';
import { ConfigError, type Env } from '../config.js';

/** How the client and the worker reach Temporal: address, and TLS / API key for a secured server or Temporal Cloud. */
export interface TemporalConnectionOptions {
  address: string;
  tls?: TLSConfig | true;
  apiKey?: string;
}

/** A PEM file named by a variable, read now so a wrong path stops the start with its name. */
function pem(variable: string, path: string): Buffer {
  let content: Buffer;
  try {
    content = readFileSync(path);
  } catch (err) {
    throw new ConfigError(`invalid configuration:\n  ${variable}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  if (!content.toString('utf8').includes('-----BEGIN ')) {
    throw new ConfigError(`invalid configuration:\n  ${variable}: ${path} is not a PEM file (no -----BEGIN line)`);
  }
  return content;
}

/**
 * TLS when any certificate, a server name or an API key is configured (an API key goes over TLS
 * only, as Temporal Cloud requires); plain otherwise, as a private dev server or cluster expects.
 */
export function temporalConnectionOptions(env: Env, address: string): TemporalConnectionOptions {
  const tls: TLSConfig = {
    ...(env.TEMPORAL_TLS_CA ? { serverRootCACertificate: pem('TEMPORAL_TLS_CA', env.TEMPORAL_TLS_CA) } : {}),
    ...(env.TEMPORAL_TLS_CERT && env.TEMPORAL_TLS_KEY ? {
      clientCertPair: { crt: pem('TEMPORAL_TLS_CERT', env.TEMPORAL_TLS_CERT), key: pem('TEMPORAL_TLS_KEY', env.TEMPORAL_TLS_KEY) },
    } : {}),
    ...(env.TEMPORAL_TLS_SERVER_NAME ? { serverNameOverride: env.TEMPORAL_TLS_SERVER_NAME } : {}),
  };
  const secured = Object.keys(tls).length > 0;
  return {
    address,
    ...(secured ? { tls } : env.TEMPORAL_API_KEY ? { tls: true as const } : {}),
    ...(env.TEMPORAL_API_KEY ? { apiKey: env.TEMPORAL_API_KEY } : {}),
  };
}

/** How start-up describes the connection, without secrets. */
export function describeConnection(o: TemporalConnectionOptions): string {
  const how = [o.tls ? (typeof o.tls === 'object' && o.tls.clientCertPair ? 'mTLS' : 'TLS') : 'plain', o.apiKey ? 'API key' : null].filter(Boolean);
  return `${o.address} (${how.join(', ')})`;
}
