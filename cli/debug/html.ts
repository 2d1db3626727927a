/** The debug view's index.html: page facts, segments in order, furniture and diagnostics, beside the page images. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Box, Diagnostic, DocumentResult, Segment } from '../../lib/types.js';
import { DEBUG_COLOURS, KIND_COLOUR, LEGEND } from './colours.js';

const esc = (v: unknown): string =>
  String(v).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const num = (v: number) => String(Math.round(v * 100) / 100);
const boxText = (b: Box) => `[${b.map(num).join(', ')}]`;

function diagnosticsHtml(list: Diagnostic[]): string {
  if (!list.length) return '<p class="none">none</p>';
  return `<ul class="diags">${list
    .map(
      (d) =>
        `<li class="sev-${esc(d.severity)}"><span class="code">${esc(d.code)}</span> <span class="sev">${esc(d.severity)}</span> ${esc(d.message)}` +
        (d.detail ? `<pre>${esc(JSON.stringify(d.detail))}</pre>` : '') +
        '</li>',
    )
    .join('')}</ul>`;
}

function legendHtml(): string {
  const item = (l: (typeof LEGEND)[number]) => {
    const style =
      l.style === 'fill'
        ? `background:${l.swatch}`
        : l.style === 'line'
          ? `border-top:3px solid ${l.swatch};height:0;margin-top:8px`
          : `border:2px ${l.style === 'dashed' ? 'dashed' : 'solid'} ${l.swatch}`;
    return `<li><span class="sw" style="${style}"></span>${esc(l.label)}</li>`;
  };
  return `<section class="legend"><h2>Legend</h2><ul>${LEGEND.map(item).join('')}</ul>
<p>Coordinates are PDF points, origin at the top left of the page as displayed. Numbers on segments are their places in the
reading order of the whole document (the <code>segments</code> array, from 1).</p></section>`;
}

export function debugHtml(doc: DocumentResult, sizes: Map<number, [number, number]>, numberOf: Map<Segment, number>, dpi: number): string {
  const title = doc.source.name ?? doc.source.key ?? 'document';
  const docDiags = doc.diagnostics.filter((d) => d.page === null);
  const pages = doc.pages
    .map((p) => {
      const [w, h] = sizes.get(p.page) ?? [0, 0];
      const segs = doc.segments.filter((sg) => sg.page === p.page);
      const furniture = [
        ...doc.headers.filter((f) => f.page === p.page).map((f) => ({ ...f, where: 'header' })),
        ...doc.footers.filter((f) => f.page === p.page).map((f) => ({ ...f, where: 'footer' })),
      ];
      const notes = doc.footnotes.filter((f) => f.page === p.page);
      const facts: [string, string][] = [
        ['source', p.source],
        ['columnCount', String(p.columnCount)],
        ['gutters', p.gutters.length ? p.gutters.map((g) => `[${num(g[0])}, ${num(g[1])}]`).join(' ') : 'none'],
        ['bands', p.bands.length ? '' : 'none'],
        ['ocrConfidence', p.ocrConfidence === undefined ? '-' : num(p.ocrConfidence)],
        ['size', `${num(p.width)} x ${num(p.height)} pt, rotation ${p.rotation}`],
        ['spanLines', String(p.spanLines)],
      ];
      if (p.failed) facts.push(['failed', 'yes']);
      const bandList = p.bands.length
        ? `<ol start="0" class="bands">${p.bands.map((b) => `<li>${esc(b.kind)} x${b.columnCount}, ${num(b.top)} to ${num(b.bottom)}</li>`).join('')}</ol>`
        : '';
      const rows = facts.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${k === 'bands' && p.bands.length ? bandList : esc(v)}</td></tr>`).join('');
      const segList = segs.length
        ? `<ul class="segs">${segs
            .map(
              (sg) =>
                `<li><b style="color:${KIND_COLOUR[sg.kind]}">${numberOf.get(sg)} ${esc(sg.kind)}</b> band ${sg.band}` +
                `${sg.column !== null ? `, column ${sg.column}` : ''}, ${sg.lines.length} lines, ${boxText(sg.bbox)}: ` +
                `<span class="txt">${esc(sg.text.slice(0, 80))}${sg.text.length > 80 ? '…' : ''}</span></li>`,
            )
            .join('')}</ul>`
        : '<p class="none">none</p>';
      const furnList =
        furniture.length || notes.length
          ? `<ul class="segs">${[
              ...furniture.map(
                (f) => `<li><b>${f.where}: ${esc(f.kind)}</b> ${boxText(f.bbox)}: <span class="txt">${esc(f.text.slice(0, 80))}</span></li>`,
              ),
              ...notes.map(
                (f) =>
                  `<li><b>footnote${f.marker ? ` ${esc(f.marker)}` : ''}</b> ${boxText(f.bbox)}: <span class="txt">${esc(f.text.slice(0, 80))}</span></li>`,
              ),
            ].join('')}</ul>`
          : '<p class="none">none</p>';
      return `<section class="page" id="page-${p.page}">
<figure><img src="page-${p.page}.png" width="${w}" height="${h}" alt="page ${p.page} with the engine's decisions drawn over it"><figcaption>page ${p.page}</figcaption></figure>
<div class="facts"><h2><a href="#page-${p.page}">Page ${p.page}</a></h2>
<table>${rows}</table>
<h3>Diagnostics</h3>${diagnosticsHtml(doc.diagnostics.filter((d) => d.page === p.page))}
<h3>Segments</h3>${segList}
<h3>Furniture</h3>${furnList}
</div></section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>readflow debug: ${esc(title)}</title>
<style>
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:16px 24px;color:#222;background:#fafafa}
h1{margin:0 0 4px;font-size:22px} h2{font-size:17px;margin:0 0 8px} h3{font-size:14px;margin:14px 0 4px}
.meta{color:#555;margin:0 0 12px}
.legend{background:#fff;border:1px solid #ddd;padding:8px 14px;margin-bottom:16px}
.legend ul{list-style:none;padding:0;margin:0;columns:2 420px} .legend li{margin:3px 0;break-inside:avoid}
.sw{display:inline-block;width:28px;height:14px;margin-right:8px;vertical-align:middle;box-sizing:border-box}
.page{display:flex;gap:20px;align-items:flex-start;border-top:1px solid #ccc;padding:16px 0}
figure{margin:0;flex:0 0 auto;max-width:62%} figure img{max-width:100%;height:auto;border:1px solid #bbb;background:#fff;display:block}
figcaption{color:#666;font-size:12px}
.facts{flex:1 1 320px;min-width:280px;position:sticky;top:8px}
table{border-collapse:collapse;background:#fff} th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top} th{font-weight:600;background:#f2f2f2}
ol.bands{margin:0;padding-left:22px}
ul.diags,ul.segs{padding-left:18px;margin:0} ul.segs li{margin:2px 0}
.code{font-family:ui-monospace,monospace;font-weight:700} .sev{font-size:12px;color:#666}
.sev-warning .code{color:#9a6b00} .sev-error .code{color:${DEBUG_COLOURS.error}} .sev-info .code{color:${DEBUG_COLOURS.info}}
pre{white-space:pre-wrap;word-break:break-all;font-size:12px;background:#f3f3f3;margin:2px 0;padding:3px 6px}
.txt{color:#555} .none{color:#888;margin:0}
</style></head>
<body>
<h1>${esc(title)}</h1>
<p class="meta">status ${esc(doc.status)} · ${doc.pages.length} page(s) · ${doc.segments.length} segment(s) · ${esc(doc.engine.name)} ${esc(doc.engine.version)} · images at ${dpi} dpi</p>
${legendHtml()}
<section><h2>Document diagnostics</h2>${diagnosticsHtml(docDiags)}</section>
${pages}
</body></html>
`;
}

/** `DIR/index.html` linking the debug views of several documents (one subfolder each). */
export async function writeDebugIndex(dir: string, entries: { name: string; folder: string }[]): Promise<void> {
  const items = entries.map((e) => `<li><a href="${esc(encodeURIComponent(e.folder))}/index.html">${esc(e.name)}</a></li>`).join('\n');
  await writeFile(
    join(dir, 'index.html'),
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>readflow debug</title>` +
      `<style>body{font:14px/1.4 system-ui,sans-serif;margin:24px}</style></head>\n<body><h1>readflow debug</h1>\n<ul>\n${items}\n</ul>\n</body></html>\n`,
  );
}
