import type { IncomingMessage } from 'node:http';
import { isLoopback } from '../../config/parse.js';
import { HttpError } from './errors.js';

export interface OriginOptions {
  host: string;
  allowedHosts: string[] | undefined;
  allowedOrigins: string[] | undefined;
}

/**
 * DNS-rebinding protection: a browser page on another name must not reach this server. On loopback the
 * loopback names of the bound port are allowed unless lists are given; `port` is read per request
 * because an ephemeral port is known only once listening.
 */
export function hostAndOriginCheck(opts: OriginOptions, port: () => number): (req: IncomingMessage) => void {
  const allowedHosts = () => opts.allowedHosts ?? (isLoopback(opts.host) ? loopbackNames(port()) : undefined);
  const origins = allowedOrigins(opts, port);
  return (req) => {
    const hosts = allowedHosts();
    const host = req.headers.host ?? '';
    if (hosts && !hosts.includes(host.toLowerCase())) throw new HttpError(403, -32000, `Host "${host}" is not allowed.`);
    const origin = req.headers.origin;
    if (origin !== undefined && !origins().includes(origin)) throw new HttpError(403, -32000, `Origin "${origin}" is not allowed.`);
  };
}

const loopbackNames = (port: number) => [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];

/** The origins a browser page may call from: the configured ones, or on loopback the loopback origins. */
export function allowedOrigins(opts: OriginOptions, port: () => number): () => string[] {
  return () => opts.allowedOrigins ?? (isLoopback(opts.host) ? loopbackNames(port()).map((h) => `http://${h}`) : []);
}
