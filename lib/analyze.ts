/**
 * The per-page stage: read one page of an open PDF and lay it out. Its result (PageAnalysis) is plain JSON, so a
 * page worker can compute it and an aggregator can finish the document from it.
 */
import type { ResolvedOptions } from './options.js';
import type { OpenPdf, PdfPage } from './pdf/open.js';
import { readPageText } from './pdf/runs.js';
import { dropOverprints, overprintDiagnostic } from './layout/overprint.js';
import { layoutPage, type LayoutParams } from './layout/page.js';
import { readRuby } from './layout/ruby.js';
import { turnUpright } from './layout/sideways.js';
import { findLineNumbers } from './layout/line-numbers.js';
import type { Diagnostic, Line, PageAnalysis, PageSource, Run, Segment } from './types.js';
import { failedPage } from './failed.js';
import { isHorizontal, makeLine, round2 } from './layout/lines.js';
import { buildRows, dropCapMarks } from './layout/rows.js';
import { tagLeaves } from './pdf/tags.js';
import { readTagged } from './layout/tagged.js';
import { withPageTop } from './layout/ruled.js';
import { textOrOcr } from './ocr/page.js';
import { pageGraphics } from './ocr/graphics.js';
import { distinctChecks, pageRules } from './pdf/rules.js';
import { bodyArtifacts } from './layout/artifacts.js';

/**
 * pdf.js' strict parser can return a page's text as nothing at all, without an error, where its lenient parser reads
 * it (a font whose descriptor is missing): a page with no text is asked again of the lenient parser before it is
 * taken for a page without a text layer.
 */
async function lenientHasText(pdf: OpenPdf, pageNo: number): Promise<boolean> {
  const page = await (await pdf.lenient()).getPage(pageNo);
  try {
    const content = await page.getTextContent();
    return content.items.some((i) => 'str' in i && i.str.trim() !== '');
  } finally {
    page.cleanup();
  }
}

async function analyze(pdf: OpenPdf, pageNo: number, o: ResolvedOptions): Promise<PageAnalysis> {
  try {
    return await analyzeWith(pdf, await pdf.doc.getPage(pageNo), pageNo, o, [], true);
  } catch (strictError) {
    // The page does not parse cleanly: read what pdf.js can recover and say so. If nothing can be recovered the
    // page's text is lost (an error); if something can, it may be incomplete (a warning).
    const message = strictError instanceof Error ? strictError.message : String(strictError);
    const lenient = await pdf.lenient();
    const page = await lenient.getPage(pageNo);
    const recovered = await analyzeWith(pdf, page, pageNo, o, [], false);
    const lost = recovered.chars === 0;
    recovered.diagnostics.unshift({
      code: 'page-damaged',
      severity: lost ? 'error' : 'warning',
      page: pageNo,
      message: lost
        ? `the page could not be parsed (${message}) and no text could be recovered from it`
        : `parts of the page could not be parsed (${message}); the text pdf.js could recover was read and may be incomplete`,
    });
    return recovered;
  }
}

async function analyzeWith(
  pdf: OpenPdf,
  page: PdfPage,
  pageNo: number,
  o: ResolvedOptions,
  diagnostics: Diagnostic[],
  strict: boolean,
): Promise<PageAnalysis> {
  try {
    const text = await readPageText(pdf, page, o.maxRunsPerPage);
    if (strict && text.runs.length === 0 && (await lenientHasText(pdf, pageNo))) {
      throw new Error('the strict parser found no text where the lenient parser finds some');
    }
    if (text.droppedRuns > 0) {
      diagnostics.push({
        code: 'run-limit',
        severity: 'warning',
        page: pageNo,
        message: `the page has more than ${o.maxRunsPerPage} text runs (maxRunsPerPage); ${text.droppedRuns} were left out`,
        detail: { kept: o.maxRunsPerPage, dropped: text.droppedRuns },
      });
    }
    if (text.fieldLines > 0) {
      diagnostics.push({
        code: 'form-field-text',
        severity: 'info',
        page: pageNo,
        message: `${text.fieldLines} line(s) of text shown by form fields or free-text annotations were read where the page shows them`,
        detail: { lines: text.fieldLines },
      });
    }
    // Content the file marks as /Artifact (running heads, page numbers, decoration) is not part of the flow, but for
    // running prose in the body of the page, which the file's tags mark wrongly (artifacts.ts).
    const lift = pdf.marked && !pdf.suspects;
    const inBody = lift
      ? bodyArtifacts(
          text.runs.filter((r) => r.artifact),
          text.height,
        )
      : new Set<Run>();
    if (inBody.size) {
      for (const r of inBody) r.artifact = false;
      diagnostics.push({
        code: 'artifact-in-body',
        severity: 'warning',
        page: pageNo,
        message: `${inBody.size} run(s) of prose in the body of the page are marked as artifacts (decoration) by the file's tags: read with the text`,
        detail: {
          text: [...inBody]
            .map((r) => r.text)
            .join(' ')
            .slice(0, 200),
        },
      });
    }
    const artifacts: Line[] = lift ? buildRows(text.runs.filter((r) => r.artifact)).map((r) => makeLine(r.runs, r.baseline)) : [];
    // Pages without a usable text layer are read by OCR; the words go through the same layout as digital text.
    const known = text.operatorList ? await pageGraphics(page).catch(() => null) : null;
    const read = await textOrOcr(page, pageNo, lift ? text.runs.filter((r) => !r.artifact) : text.runs, text.width, text.height, o, known);
    diagnostics.push(...read.diagnostics);
    // A page whose text runs sideways as a whole is read turned upright, as a scan lying sideways is.
    const upright = read.source === 'text' ? turnUpright(read.runs, read.width, read.height) : null;
    if (upright) {
      read.runs = upright.runs;
      read.width = upright.width;
      read.height = upright.height;
      read.turned = (read.turned + upright.turned) % 360;
      diagnostics.push({
        code: 'page-sideways',
        severity: 'info',
        page: pageNo,
        message: `the page's text runs sideways: it was read turned ${upright.turned}° clockwise, and coordinates refer to the page read upright`,
        detail: { turned: upright.turned },
      });
    }
    // Margin line numbers (a numbered manuscript) are lifted out before the page is laid out: furniture.
    const numbered = read.source === 'text' ? findLineNumbers(read.runs) : new Set<Run>();
    const unnumbered = numbered.size ? read.runs.filter((r) => !numbered.has(r)) : read.runs;
    // Text drawn again over itself (a fake bold, a shadow) is read once; the copies are listed in a diagnostic.
    const overprint = read.source === 'text' ? dropOverprints(unnumbered) : { runs: unnumbered, copies: [] };
    if (overprint.copies.length) diagnostics.push(overprintDiagnostic(pageNo, overprint.copies));
    // Readings set over Han characters (furigana, pinyin) are read into their lines, before what they read.
    const ruby = read.source === 'text' ? readRuby(overprint.runs) : { runs: overprint.runs, readings: 0 };
    const runs = ruby.runs;
    if (ruby.readings)
      diagnostics.push({
        code: 'ruby',
        severity: 'info',
        page: pageNo,
        message: `${ruby.readings} readings set in small type over the characters they read (ruby) were read into their lines, each before the first character it stands over`,
        detail: { readings: ruby.readings },
      });
    const lineNumbers: Line[] = numbered.size ? buildRows([...numbered]).map((r) => makeLine(r.runs, r.baseline)) : [];
    if (numbered.size)
      diagnostics.push({
        code: 'line-numbers',
        severity: 'info',
        page: pageNo,
        message: `${numbered.size} line numbers in the margin were lifted out of the text (furniture of kind line-number)`,
        detail: { count: numbered.size },
      });
    // The rules the page draws part its boxes (a form's). They are read from the page's operator list, which costs
    // about half as much again as its text (nothing more where the list was built already, to learn the page's
    // fonts): only where the layout finds rows with white wide enough for a rule to stand in, in zones a ruled
    // stretch may take (ruled.ts' `roomForRules`, a cheap test that lets through most pages whose rules could
    // matter), is the page laid out again with them. Whether it is depends on the page alone, not on which pages came
    // before it in the process (a page worker's batch): the pipeline and the command line read it alike. A page read
    // turned has its text's coordinates, not the rules'. A page whose column zone has blank space across its columns
    // (ruled.ts' `roomForBreaks`) asks for them too, to find where the columns' rules stop and start again, and where
    // that blank space is wide or stands between five rows or more (`roomForAcross`), whether rules drawn across all the
    // columns part them: there they part no box.
    const params = {
      page: pageNo,
      direction: o.direction,
      gutterSpanTolerance: o.gutterSpanTolerance,
      gutterRejectFloor: o.gutterRejectFloor,
      minGutterWidth: o.minGutterWidth,
      partialSpans: o.partialSpans,
    };
    // The layout marks drop caps on their runs (rows.ts): the second one starts from the runs as they came.
    const restoreDropCaps = dropCapMarks(runs);
    let layout = layoutPage(runs, params);
    if (read.source === 'text' && read.turned === 0 && (layout.roomForRules || layout.roomForBreaks || layout.roomForAcross)) {
      const rules = await pageRules(page).catch(() => ({ vertical: [], horizontal: [], checks: [] }));
      // The boxes the page draws and those of its check-box fields (a fillable form's, drawn by their appearance).
      const checks = text.fieldChecks.length ? distinctChecks([...rules.checks, ...text.fieldChecks]) : rules.checks;
      const again = (more: Partial<LayoutParams>) => {
        restoreDropCaps();
        layout = layoutPage(runs, { ...params, ...more });
      };
      // The page's top closes a box over its first line as a rule would (ruled.ts).
      if (layout.roomForRules && (rules.vertical.length || checks.length))
        again({ rules: rules.vertical, hrules: withPageTop(rules.horizontal, runs.filter(isHorizontal)), checks });
      else if ((layout.roomForBreaks && rules.vertical.length) || (layout.roomForAcross && rules.horizontal.length))
        again({ columnRules: rules.vertical, breakRules: rules.horizontal });
    }
    let segments: Segment[] = layout.segments;
    let source: PageSource = 'text';
    const tagDiagnostics: Diagnostic[] = [];
    // A structure tree can only order text drawn inside marked content with ids: on an untagged page of an
    // untagged file the tree is not asked for (a round trip to pdf.js' worker per page).
    const mayBeTagged = pdf.marked || runs.some((r) => r.mcid);
    if (o.order !== 'geometry' && read.source === 'text' && mayBeTagged) {
      const tree = await page.getStructTree().catch(() => null);
      const leaves = tree ? tagLeaves(tree) : [];
      if (leaves.length && pdf.suspects && o.order === 'auto') {
        tagDiagnostics.push({
          code: 'tags-suspect',
          severity: 'warning',
          page: pageNo,
          message: 'the file marks its tags as suspect (/MarkInfo /Suspects true): the order was taken from the geometry',
        });
      } else if (leaves.length) {
        const tagged = readTagged(runs, leaves, layout, pageNo);
        const detail = {
          coverage: round2(tagged.coverage),
          revisits: tagged.revisits,
          disorder: round2(tagged.disorder),
          untaggedChars: tagged.untaggedChars,
        };
        if (tagged.coherent || o.order === 'tags') {
          segments = tagged.segments;
          source = 'tags';
          tagDiagnostics.push(
            tagged.coherent
              ? {
                  code: 'order-from-tags',
                  severity: 'info',
                  page: pageNo,
                  message: "the order was taken from the file's structure tree, which agrees with the geometry",
                  detail,
                }
              : {
                  code: 'tags-incoherent',
                  severity: 'warning',
                  page: pageNo,
                  message: `order: "tags" was asked for, so the structure tree was used although ${tagged.reason}`,
                  detail,
                },
          );
          if (tagged.untaggedChars > 0) {
            tagDiagnostics.push({
              code: 'untagged-text',
              severity: 'warning',
              page: pageNo,
              message: `${tagged.untaggedChars} characters of text are not in the structure tree; they are read in the tagged line they continue, or else where the page shows them`,
              detail,
            });
          }
        } else {
          tagDiagnostics.push({
            code: 'tags-incoherent',
            severity: 'warning',
            page: pageNo,
            message: `the structure tree was not used because ${tagged.reason}; the order was taken from the geometry`,
            detail,
          });
        }
      }
    }
    // A choice of order the geometry made is not reported when the tags gave the order.
    const geometric = source === 'tags' ? layout.diagnostics.filter((d) => d.code !== 'title-first') : layout.diagnostics;
    diagnostics.push(...geometric, ...tagDiagnostics);
    return {
      info: {
        page: pageNo,
        width: round2(read.width),
        height: round2(read.height),
        rotation: (text.rotation + read.turned) % 360,
        source: read.source === 'ocr' ? 'ocr' : source,
        ...(read.confidence !== undefined ? { ocrConfidence: read.confidence } : {}),
        columnCount: layout.columnCount,
        gutters: layout.gutters,
        bands: layout.bands,
        spanLines: layout.spanLines,
      },
      // Fresh line objects: the page stage's link from each line to its runs (lib/layout/lines.ts) is not kept alive
      // by a result that outlives the page.
      segments: segments.map((seg) => ({ ...seg, lines: seg.lines.map((l) => ({ ...l })) })),
      artifacts: artifacts.map((l) => ({ ...l })),
      ...(lineNumbers.length ? { lineNumbers: lineNumbers.map((l) => ({ ...l })) } : {}),
      diagnostics,
      chars: runs.reduce((n, r) => n + r.text.length, 0),
    };
  } finally {
    page.cleanup();
  }
}

/**
 * Analyse one page. Never throws for a bad page: a page that fails or times out becomes a failed page with an
 * error diagnostic, and the rest of the document goes on.
 */
export async function analyzePage(pdf: OpenPdf, pageNo: number, o: ResolvedOptions): Promise<PageAnalysis> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<PageAnalysis>((resolve) => {
    timer = setTimeout(
      () => resolve(failedPage(pageNo, 'page-timeout', `reading the page took longer than ${o.pageTimeoutMs} ms (pageTimeoutMs); it was given up`)),
      o.pageTimeoutMs,
    );
  });
  try {
    return await Promise.race([analyze(pdf, pageNo, o), timeout]);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return failedPage(pageNo, 'page-failed', `the page could not be read: ${message}`);
  } finally {
    clearTimeout(timer);
  }
}
