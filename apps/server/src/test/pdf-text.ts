import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of every page of a PDF, as a reader's PDF viewer extracts it (pdf.js): what a test can
 * assert about a generated document without trusting the generator's own view of it.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    for (const item of content.items)
      if ('str' in item) parts.push(item.str, item.hasEOL ? '\n' : ' ');
  }
  const pages = doc.numPages;
  await doc.destroy();
  // Runs of spaces come from items that pdf.js splits mid-line; one space reads the same.
  return { pages, text: parts.join('').replace(/[ \t]+/g, ' ') };
}
