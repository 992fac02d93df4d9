import type { OpenApiDocument, OpenApiOperation } from './openapi.ts';

// The API reference at /api/docs: plain HTML rendered on the server from the OpenAPI document, with no
// script (the app's CSP allows none inline) and nothing fetched from elsewhere.

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

function operationHtml(method: string, path: string, op: OpenApiOperation): string {
  const parts = [
    `<h3 id="${escapeHtml(op.operationId)}"><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>`,
    `<p>${escapeHtml(op.summary)}${op.security ? ' <span class="auth">bearer token</span>' : ' <span class="public">public</span>'}</p>`,
  ];
  if (op.parameters?.length) {
    const rows = op.parameters
      .map(
        (p) =>
          `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td>` +
          `<td><code>${escapeHtml(JSON.stringify(p.schema))}</code>${p.description ? ` ${escapeHtml(p.description)}` : ''}</td></tr>`,
      )
      .join('');
    parts.push(
      `<table><thead><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${rows}</tbody></table>`,
    );
  }
  for (const [type, { schema }] of Object.entries(op.requestBody?.content ?? {})) {
    parts.push(`<details><summary>Request body (${escapeHtml(type)})</summary>${json(schema)}</details>`);
  }
  for (const [status, response] of Object.entries(op.responses)) {
    if (status === 'default') continue;
    const content = Object.entries(response.content ?? {});
    parts.push(
      content.length === 0
        ? `<p>→ ${status} ${escapeHtml(response.description)}</p>`
        : content
            .map(
              ([type, { schema }]) =>
                `<details><summary>→ ${status} ${escapeHtml(response.description)} (${escapeHtml(type)})</summary>${json(schema)}</details>`,
            )
            .join(''),
    );
  }
  return `<section>${parts.join('\n')}</section>`;
}

export function apiDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  }
  const toc = [...byTag.keys()]
    .map((tag) => `<a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a>`)
    .join(' · ');
  const body = [...byTag.entries()]
    .map(([tag, ops]) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>\n${ops.join('\n')}`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} ${escapeHtml(doc.info.version)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem 1.5rem;color:#1c1917;background:#fafaf9}
h1{margin-bottom:.25rem}h2{margin-top:2.5rem;border-bottom:2px solid #d6d3d1;text-transform:capitalize}
h3{margin:1.5rem 0 .25rem;font-size:1rem}section{border-bottom:1px solid #e7e5e4;padding-bottom:.75rem}
.method{display:inline-block;min-width:4.2rem;padding:0 .4rem;border-radius:4px;color:#fff;background:#57534e;font-size:.8rem;text-align:center}
.get{background:#0369a1}.post{background:#15803d}.put{background:#b45309}.delete{background:#b91c1c}
.auth,.public{font-size:.75rem;padding:0 .35rem;border-radius:4px;background:#e7e5e4}
table{border-collapse:collapse;width:100%;font-size:.85rem}td,th{border:1px solid #e7e5e4;padding:.2rem .4rem;text-align:left;vertical-align:top}
pre{background:#f5f5f4;padding:.5rem;overflow:auto;font-size:.8rem}summary{cursor:pointer}
</style>
</head>
<body>
<h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description)} Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${doc.openapi}).</p>
<nav>${toc}</nav>
${body}
</body>
</html>
`;
}
