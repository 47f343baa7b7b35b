/**
 * The part of PDFKit (0.20, which ships no types of its own) that invoice-pdf.ts uses.
 */
declare module 'pdfkit' {
  interface PDFDocumentOptions {
    size?: string | [number, number];
    margin?: number;
    compress?: boolean;
    lang?: string;
    info?: { Title?: string; Author?: string; Creator?: string; Subject?: string };
  }
  interface TextOptions {
    lineBreak?: boolean;
    features?: string[];
  }
  /** a font as fontkit parsed it: PDFKit takes it instead of a file (anything with `layout`) */
  export interface ParsedFont {
    layout(text: string): unknown;
    readonly postscriptName: string;
  }
  class PDFDocument {
    constructor(options?: PDFDocumentOptions);
    registerFont(name: string, src: string | ParsedFont): this;
    font(name: string): this;
    fontSize(size: number): this;
    fillColor(color: string): this;
    strokeColor(color: string): this;
    lineWidth(width: number): this;
    text(text: string, x: number, y: number, options?: TextOptions): this;
    widthOfString(text: string, options?: TextOptions): number;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    rect(x: number, y: number, w: number, h: number): this;
    fill(color?: string): this;
    stroke(): this;
    save(): this;
    restore(): this;
    addPage(): this;
    end(): void;
    on(event: 'data', listener: (chunk: Buffer) => void): this;
    on(event: 'end', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
  }
  export default PDFDocument;
}
