/**
 * Invoker commands (HTML: `commandfor` and `command` on a button), which open and close a
 * `<dialog>` or popover with no script (decision 073). React 19 passes the lowercase attributes
 * through to the DOM; its types do not list them yet.
 */
import 'react';

declare module 'react' {
  // The type parameter's name must be React's own for the declarations to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    /** the id of the element the command is for */
    commandfor?: string;
    /** `show-modal`, `close`, `request-close`, `toggle-popover`, … */
    command?:
      'show-modal' | 'close' | 'request-close' | 'toggle-popover' | 'show-popover' | 'hide-popover';
  }
}
