// Dev helper: run every fixture through the engine and report label order, tables, diagnostics.
import { allFixtures, labelsIn, stripLabels } from '../../fixtures/index.js';
import { extractDocument } from '../../lib/extract.js';
const only = process.argv[2];
for (const f of allFixtures()) {
  if (only && !f.name.includes(only)) continue;
  const doc = await extractDocument(f.pdf);
  const got = labelsIn(doc.text).filter((l) => f.flow.includes(l));
  const ok = JSON.stringify(got) === JSON.stringify(f.flow);
  const codes = doc.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code);
  const missDiag = (f.expectDiagnostics ?? []).filter((c) => !(codes as string[]).includes(c));
  const unexpected = [...new Set(codes)].filter((c) => !(f.expectDiagnostics ?? []).includes(c));
  const text = stripLabels(doc.text);
  const missText = (f.expectText ?? []).filter((t) => !text.includes(t));
  const furn = [...(f.furniture?.headers ?? []), ...(f.furniture?.footers ?? []), ...(f.furniture?.footnotes ?? [])];
  const leaked = labelsIn(doc.text).filter((l) => furn.includes(l));
  let firstBad = '';
  if (!ok) {
    const i = got.findIndex((l, k) => l !== f.flow[k]);
    firstBad = `at ${i}: got ${got.slice(i, i + 4)} want ${f.flow.slice(i, i + 4)} (len ${got.length}/${f.flow.length})`;
  }
  console.log(
    `${ok && !missDiag.length && !missText.length && !leaked.length ? 'PASS' : 'FAIL'} ${f.name} ${firstBad} ${missDiag.length ? 'missing diag ' + missDiag : ''} ${unexpected.length ? 'extra diag ' + unexpected : ''} ${missText.length ? 'missing text ' + JSON.stringify(missText) : ''} ${leaked.length ? 'leaked ' + leaked.length : ''}`,
  );
}
