import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { addressProblem, guardedLookup } from './receiver-address.ts';

/** The receiver's answer body kept in the delivery log, at most (characters); the rest is not even read. */
export const ANSWER_BODY_MAX = 1024;

export interface SendResult {
  /** the HTTP status, null when there was no answer (refused, timed out, address not allowed) */
  status: number | null;
  ms: number;
  body: string | null;
  error: string | null;
}

/**
 * One POST of a delivery: the whole exchange bounded by `timeoutMs` (connect, send, answer), redirects not followed
 * (a 3xx is a failed try: following one could lead to an address the check refuses), the answer's body read up to
 * ANSWER_BODY_MAX bytes and the connection dropped after that. Never rejects.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  o: { timeoutMs: number; allowPrivate: boolean },
): Promise<SendResult> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: Omit<SendResult, 'ms'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ ...r, ms: ms() });
    };
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return finish({ status: null, body: null, error: 'invalid URL' });
    }
    // a literal address does not pass through the lookup: checked here
    const host = u.hostname.replace(/^\[|\]$/g, '');
    const literal = isIP(host) ? addressProblem(host, o.allowPrivate) : null;
    if (literal) return finish({ status: null, body: null, error: literal });
    const client = u.protocol === 'https:' ? https : http;
    const req = client.request(u, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      lookup: guardedLookup(o.allowPrivate),
      agent: false,
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish({ status: null, body: null, error: `no answer within ${o.timeoutMs} ms` });
    }, o.timeoutMs);
    req.on('error', (err) => finish({ status: null, body: null, error: err.message.slice(0, 500) }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const end = () => {
        const text = Buffer.concat(chunks).toString('utf8').slice(0, ANSWER_BODY_MAX);
        finish({ status: res.statusCode ?? null, body: text, error: null });
        res.destroy();
      };
      res.on('data', (c: Buffer) => {
        if (size >= ANSWER_BODY_MAX) return;
        chunks.push(c);
        size += c.length;
        if (size >= ANSWER_BODY_MAX) end();
      });
      res.on('end', end);
      res.on('error', end);
    });
    req.end(body);
  });
}
