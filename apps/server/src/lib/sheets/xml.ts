import { setImmediate as nextTurn } from 'node:timers/promises';
import { SaxesParser } from 'saxes';
import { SHEET_LIMITS } from '@sapa/contracts';
import { asRefusal, overLimit, unreadable } from './refusals.js';

export type XmlAttributes = Record<string, string>;

/** What a reader does with one part's elements; names arrive without their prefix (x:c → c). */
export interface XmlHandlers {
  open(name: string, attributes: XmlAttributes): void;
  close(name: string): void;
  text?(text: string): void;
  /** True once the reader has all it needs: the rest of the part is not inflated or parsed. */
  done?(): boolean;
}

const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

/**
 * Parses one XLSX part as it inflates. Beyond the unpacked-bytes budget, the XML itself is
 * bounded: nesting depth, and the length of any one token (text, tag with its attributes,
 * comment), because saxes gathers each token whole before handing it over. A DOCTYPE is refused
 * outright: Office files never carry one, and entity declarations are how XML bombs work.
 */
export async function readXml(chunks: AsyncIterable<Buffer>, handlers: XmlHandlers): Promise<void> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  let depth = 0;
  // Where the last token ended; what the parser holds past it is a token still being gathered.
  let mark = 0;
  parser.on('opentag', (tag) => {
    mark = parser.position;
    if (++depth > SHEET_LIMITS.xmlDepth) throw overLimit('sheetXmlTooDeep');
    handlers.open(localName(tag.name), tag.attributes);
  });
  parser.on('closetag', (tag) => {
    mark = parser.position;
    depth--;
    handlers.close(localName(tag.name));
  });
  const text = (value: string) => {
    mark = parser.position;
    handlers.text?.(value);
  };
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('comment', () => (mark = parser.position));
  parser.on('processinginstruction', () => (mark = parser.position));
  parser.on('doctype', () => {
    throw unreadable();
  });

  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    let turn = Date.now();
    for await (const chunk of chunks) {
      parser.write(decoder.decode(chunk, { stream: true }));
      if (parser.position - mark > SHEET_LIMITS.xmlTokenChars) throw overLimit('sheetXmlTooLong');
      if (handlers.done?.()) return;
      // A stored (uncompressed) part arrives without any I/O in between: let others in.
      if (Date.now() - turn > 10) {
        await nextTurn();
        turn = Date.now();
      }
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    throw asRefusal(error);
  }
}
