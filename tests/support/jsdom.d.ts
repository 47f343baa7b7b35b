/** The part of jsdom's API the API tests use to read HTML and XML as a crawler would. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
