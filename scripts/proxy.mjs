#!/usr/bin/env node
// A small round-robin reverse proxy for several `vatio serve` processes, with nothing to install:
// the no-container option of docs/DEPLOYMENT.md, and the proxy of the scale-out test.
//
//   node scripts/proxy.mjs --port 8080 http://127.0.0.1:3001 http://127.0.0.1:3002
//   (or PROXY_PORT, PROXY_HOST and PROXY_UPSTREAMS="http://127.0.0.1:3001,http://127.0.0.1:3002")
//
// Each request goes to the next upstream in turn. One that refuses the connection is skipped for
// DOWN_FOR_MS and the request goes to the next, so a server being restarted (an upgrade, one at a
// time) loses no request: the body is only streamed once an upstream has accepted the connection.
// X-Forwarded-For gets the client's address appended (as nginx's $proxy_add_x_forwarded_for), and
// X-Forwarded-Proto/-Host are set; Vatio believes them with TRUST_PROXY=true. It does not speak
// TLS: in production put it behind, or replace it with, nginx or Caddy (deploy/).
import { request as httpRequest, createServer } from 'node:http';

const DOWN_FOR_MS = 5_000;
/** Hop-by-hop headers (RFC 9110 §7.6.1): meant for one connection, never forwarded. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
];

/**
 * Starts the proxy. `upstreams`: base URLs of the servers (http only). Returns its URL, how many
 * requests each upstream answered, and close().
 */
export function startProxy({ port = 0, host = '127.0.0.1', upstreams }) {
  if (!upstreams?.length) throw new Error('proxy: give at least one upstream URL');
  const targets = upstreams.map((url) => ({ url: new URL(url), downUntil: 0, answered: 0 }));
  let next = 0;

  /** The upstreams in the order to try for one request: the next in turn first, those down last. */
  function order() {
    const start = next;
    next = (next + 1) % targets.length;
    const now = Date.now();
    const turn = targets.map((_, i) => targets[(start + i) % targets.length]);
    return [...turn.filter((t) => t.downUntil <= now), ...turn.filter((t) => t.downUntil > now)];
  }

  const server = createServer((req, res) => {
    const headers = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    const client = req.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = req.headers['x-forwarded-for']
      ? `${req.headers['x-forwarded-for']}, ${client}`
      : client;
    headers['x-forwarded-proto'] ??= 'http';
    headers['x-forwarded-host'] ??= req.headers.host ?? '';
    if (req.headers['transfer-encoding']) headers['transfer-encoding'] = 'chunked';

    const candidates = order();
    const attempt = (k) => {
      const target = candidates[k];
      if (!target) {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('No upstream server answered.\n');
        return;
      }
      const upstream = httpRequest({
        host: target.url.hostname,
        port: target.url.port,
        method: req.method,
        path: req.url,
        headers,
      });
      let connected = false;
      upstream.once('socket', (socket) => {
        const stream = () => {
          connected = true;
          req.pipe(upstream);
        };
        if (socket.connecting) socket.once('connect', stream);
        else stream();
      });
      upstream.once('response', (answer) => {
        target.answered++;
        const out = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete out[name];
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
        answer.pipe(res);
      });
      upstream.once('error', () => {
        if (!connected) {
          // Refused before any of the body left: mark it down and try the next one.
          target.downUntil = Date.now() + DOWN_FOR_MS;
          attempt(k + 1);
        } else if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end('The upstream server closed the connection.\n');
        } else res.destroy();
      });
      req.once('aborted', () => upstream.destroy());
    };
    attempt(0);
  });
  // Uploads of large archives may take long: no request timeout here, Vatio has its own limits.
  server.requestTimeout = 0;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
        port: address.port,
        answered: () => targets.map((t) => ({ upstream: t.url.origin, requests: t.answered })),
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const portAt = args.indexOf('--port');
  const hostAt = args.indexOf('--host');
  const port = Number(portAt >= 0 ? args[portAt + 1] : (process.env.PROXY_PORT ?? 8080));
  const host = hostAt >= 0 ? args[hostAt + 1] : (process.env.PROXY_HOST ?? '127.0.0.1');
  const flagged = new Set([portAt, portAt + 1, hostAt, hostAt + 1].filter((i) => i >= 0));
  const given = args.filter((_, i) => !flagged.has(i));
  const upstreams = given.length
    ? given
    : (process.env.PROXY_UPSTREAMS ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
  try {
    const proxy = await startProxy({ port, host, upstreams });
    console.log(`Vatio proxy at ${proxy.url} → ${upstreams.join(', ')}`);
    for (const signal of ['SIGINT', 'SIGTERM'])
      process.once(signal, () => void proxy.close().then(() => process.exit(0)));
  } catch (error) {
    console.error(`proxy: ${error.message}`);
    process.exit(1);
  }
}
