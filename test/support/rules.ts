/** The rules (and check boxes) pdf/rules.ts reads from one page drawing `content`, for the rules' tests. */
import { latin1, PDFDict, PDFName, PdfBuilder } from '../../fixtures/pdf.js';
import { closePdf, openPdf } from '../../lib/pdf/open.js';
import { type PageRules, pageRules } from '../../lib/pdf/rules.js';

/** The rules of one page drawing `content`; with `form`, the page's /X1 is a form XObject drawing it, /Matrix set. */
export async function allRulesOf(content: string, form?: { content: string; matrix: number[] }): Promise<PageRules> {
  const b = new PdfBuilder();
  const ref = b.addPage({ width: 612, height: 792, content, fonts: ['helv'] });
  if (form) {
    const xobject = b.ctx.register(
      b.ctx.stream(latin1(form.content), { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 612, 792], Matrix: form.matrix }),
    );
    const resources = b.ctx.lookup(ref, PDFDict).lookup(PDFName.of('Resources'), PDFDict);
    resources.set(PDFName.of('XObject'), b.ctx.obj({ X1: xobject }));
  }
  const pdf = await openPdf(b.finish('rules'), { maxBytes: 1e8, password: null });
  try {
    return await pageRules(await pdf.doc.getPage(1));
  } finally {
    await closePdf(pdf);
  }
}
