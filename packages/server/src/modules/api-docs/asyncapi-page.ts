import type { AsyncApiDocument } from './asyncapi-document.ts';

/**
 * The AsyncAPI document as one readable HTML page (GET /api/docs/async), drawn on the server: no script, no renderer
 * package, nothing from outside. Every text of the document is escaped.
 */

type Json = Record<string, unknown>;
type Layout = { field: string; bytes: string; description: string }[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Escaped text with `code` spans. */
const prose = (text: unknown) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const resolve = (doc: AsyncApiDocument, node: unknown): Json => {
  let n = node as Json;
  for (let i = 0; i < 10 && typeof n?.$ref === 'string'; i++)
    n = (n.$ref as string)
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (at as Json | undefined)?.[key], doc) as Json;
  return n ?? {};
};

const refName = (node: unknown) => {
  const ref = (node as Json | undefined)?.$ref;
  return typeof ref === 'string' ? ref.split('/').pop() : undefined;
};

/** A schema's type in words: `string`, `number | string`, `array of Reading`, `object: text → number | …`. */
function typeOf(doc: AsyncApiDocument, node: unknown): string {
  const name = refName(node);
  if (name) return name;
  const s = node as Json;
  if (Array.isArray(s.anyOf)) return s.anyOf.map((x) => typeOf(doc, x)).join(' | ');
  if (Array.isArray(s.type)) return s.type.join(' | ');
  if (s.type === 'array') return `array of ${typeOf(doc, s.items ?? {})}`;
  if (s.type === 'object' && s.additionalProperties && !s.properties)
    return `object: text → ${typeOf(doc, s.additionalProperties)}`;
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  return typeof s.type === 'string' ? s.type : 'any';
}

/** The properties of an object schema, `allOf` parts merged, with their types and descriptions. */
function propertyRows(doc: AsyncApiDocument, node: unknown): string {
  const s = resolve(doc, node);
  const parts = Array.isArray(s.allOf) ? s.allOf.map((p) => resolve(doc, p)) : [s];
  const rows: string[] = [];
  for (const part of parts) {
    const required = new Set((part.required as string[] | undefined) ?? []);
    for (const [key, prop] of Object.entries((part.properties as Json | undefined) ?? {})) {
      const p = prop as Json;
      const limits = [p.minimum, p.maximum, p.maxItems].some((v) => v !== undefined)
        ? ` (${[p.minimum !== undefined ? `≥ ${p.minimum}` : '', p.maximum !== undefined ? `≤ ${p.maximum}` : '', p.maxItems !== undefined ? `at most ${p.maxItems}` : ''].filter(Boolean).join(', ')})`
        : '';
      rows.push(
        `<tr><td><code>${escapeHtml(key)}</code>${required.has(key) ? ' <span class="req">required</span>' : ''}</td><td>${escapeHtml(typeOf(doc, p))}${escapeHtml(limits)}</td><td>${prose(p.description)}</td></tr>`,
      );
    }
  }
  return rows.length
    ? `<table><thead><tr><th>field</th><th>type</th><th>meaning</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
    : '';
}

function layoutTable(title: string, layout: Layout | undefined): string {
  if (!layout) return '';
  const rows = layout.map(
    (l) => `<tr><td>${escapeHtml(l.field)}</td><td>${escapeHtml(l.bytes)}</td><td>${prose(l.description)}</td></tr>`,
  );
  return `<h5>${escapeHtml(title)}</h5><table><thead><tr><th>field</th><th>bytes</th><th>value</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function messageSection(doc: AsyncApiDocument, ref: unknown): string {
  const m = resolve(doc, ref);
  const payload = m.payload;
  const schema = resolve(doc, payload);
  const binary = (m.contentType as string | undefined) === 'application/octet-stream';
  const examples = ((m.examples as { name: string; payload: unknown }[] | undefined) ?? [])
    .map((e) => `<h5>Example: ${escapeHtml(e.name)}</h5><pre>${escapeHtml(JSON.stringify(e.payload, null, 2))}</pre>`)
    .join('');
  const name = refName(payload);
  return `<div class="message"><h4>${escapeHtml(m.title ?? m.name)}</h4>
<p class="meta">${escapeHtml(m.contentType ?? doc.defaultContentType)}${!binary && name ? ` · payload <a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>` : ''}</p>
${m.description ? `<p>${prose(m.description)}</p>` : ''}
${binary ? '' : schema.description ? `<p>${prose(schema.description)}</p>` : ''}
${binary ? '' : propertyRows(doc, payload) || `<p>${escapeHtml(typeOf(doc, payload))}</p>`}
${layoutTable('Frame', m['x-layout'] as Layout | undefined)}
${layoutTable('Each record', m['x-record-layout'] as Layout | undefined)}
${examples}</div>`;
}

export function asyncApiPage(doc: AsyncApiDocument): string {
  const servers = Object.entries(doc.servers as Record<string, Json>)
    .map(
      ([name, s]) =>
        `<tr><td>${escapeHtml(name)}</td><td>${escapeHtml(s.protocol)}${s.protocolVersion ? ` ${escapeHtml(s.protocolVersion)}` : ''}</td><td class="host"><code>${escapeHtml(s.host)}</code></td><td>${prose(s.description)}</td></tr>`,
    )
    .join('');
  const operations = Object.values(doc.operations as Record<string, Json>);
  const channels = Object.entries(doc.channels as Record<string, Json>)
    .map(([id, c]) => {
      const ops = operations
        .filter((o) => (o.channel as Json).$ref === `#/channels/${id}`)
        .map(
          (o) =>
            `<li><span class="action">${o.action === 'send' ? 'server sends' : 'server receives'}</span> ${escapeHtml(o.title)}</li>`,
        )
        .join('');
      const params = Object.entries((c.parameters as Json | undefined) ?? {})
        .map(
          ([p, ref]) =>
            `<tr><td><code>{${escapeHtml(p)}}</code></td><td>${prose(resolve(doc, ref).description)}</td></tr>`,
        )
        .join('');
      const serverNames = ((c.servers as Json[] | undefined) ?? []).map((s) => refName(s)).join(', ');
      return `<section id="channel-${escapeHtml(id)}"><h3>${escapeHtml(c.title)}</h3>
<p class="meta">${c.address ? `topic <code>${escapeHtml(c.address)}</code>` : 'a connection (no topic)'} · ${escapeHtml(serverNames)}</p>
<p>${prose(c.description)}</p>
${params ? `<table><thead><tr><th>parameter</th><th>meaning</th></tr></thead><tbody>${params}</tbody></table>` : ''}
<ul class="ops">${ops}</ul>
${Object.values((c.messages as Json | undefined) ?? {})
  .map((m) => messageSection(doc, m))
  .join('')}</section>`;
    })
    .join('');
  const schemas = Object.entries(doc.components.schemas)
    .filter(([, s]) => (s as Json).contentMediaType === undefined)
    .map(
      ([name, s]) =>
        `<section id="schema-${escapeHtml(name)}" class="schema"><h4>${escapeHtml(name)}</h4>${(s as Json).description ? `<p>${prose((s as Json).description)}</p>` : ''}${propertyRows(doc, s) || `<p>${escapeHtml(typeOf(doc, s))}</p>`}</section>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title>
<style>
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;margin:0;background:#f5f7fa}
main{max-width:1100px;margin:0 auto;padding:24px 20px 64px}
header{background:#0b3d5c;color:#fff;padding:20px}header h1{margin:0 auto;max-width:1100px;font-size:22px}
header p{margin:4px auto 0;max-width:1100px;opacity:.85}header a{color:#cde7ff}
section{background:#fff;border:1px solid #d9e2ec;border-radius:8px;padding:16px 20px;margin:16px 0}
h2{margin:32px 0 8px;font-size:19px}h3{margin:0 0 4px;font-size:17px}h4{margin:16px 0 4px;font-size:15px}h5{margin:12px 0 4px;font-size:13px;color:#52606d}
.meta{color:#52606d;margin:0 0 8px}.req{color:#b44d12;font-size:12px}.action{font-weight:600;color:#0b6e4f}
code{background:#eef2f7;border-radius:4px;padding:1px 4px;font-size:13px;overflow-wrap:anywhere}
td:first-child code,td.host code{white-space:nowrap}
pre{background:#102a43;color:#f0f4f8;padding:12px;border-radius:6px;overflow:auto;font-size:13px}
table{border-collapse:collapse;width:100%;margin:8px 0;font-size:14px;display:block;overflow-x:auto}
th,td{border:1px solid #d9e2ec;padding:6px 8px;text-align:left;vertical-align:top}th{background:#f0f4f8}
td:last-child{min-width:220px}.message{border-top:1px solid #e4e7eb;margin-top:12px}
ul.ops{padding-left:20px;margin:8px 0}nav a{margin-right:16px}
</style></head>
<body><header><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)} · AsyncAPI ${escapeHtml(doc.asyncapi)}</small></h1>
<p><a href="/api/docs">HTTP API (OpenAPI)</a> · <a href="/api/docs/asyncapi.json">this document as JSON</a></p></header>
<main><p>${prose(doc.info.description)}</p>
<nav>${Object.entries(doc.channels as Record<string, Json>)
    .map(([id, c]) => `<a href="#channel-${escapeHtml(id)}">${escapeHtml(c.title)}</a>`)
    .join('')}</nav>
<h2>Servers</h2><section><table><thead><tr><th>name</th><th>protocol</th><th>host</th><th>notes</th></tr></thead><tbody>${servers}</tbody></table></section>
<h2>Channels</h2>${channels}
<h2>Payload schemas</h2>${schemas}
</main></body></html>`;
}
