import type { IncomingMessage } from 'node:http';
import { isLoopback } from '../config.js';
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
  const loopbackNames = () => [`127.0.0.1:${port()}`, `localhost:${port()}`, `[::1]:${port()}`];
  const allowedHosts = () => opts.allowedHosts ?? (isLoopback(opts.host) ? loopbackNames() : undefined);
  const allowedOrigins = () => opts.allowedOrigins ?? (isLoopback(opts.host) ? loopbackNames().map((h) => `http://${h}`) : []);
  return (req) => {
    const hosts = allowedHosts();
    const host = req.headers.host ?? '';
    if (hosts && !hosts.includes(host.toLowerCase())) throw new HttpError(403, -32000, `Host "${host}" is not allowed.`);
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins().includes(origin)) throw new HttpError(403, -32000, `Origin "${origin}" is not allowed.`);
  };
}
