/**
 * What a visitor did on a pre-rendered page before the app ran (decision 042). The boot script
 * (scripts/vite/boot-script.ts) keeps it in `window.hsEarlyInput`: each change of a field with
 * the value they left in it (in order: a field changed twice is there twice), and their last tap
 * on a button the app handles — a form's send button too (a form is sent by a click on it, Enter
 * in a field included; decision 076) — which it stopped. Once the page is live,
 * `adoptEarlyInput` hands it to React, as if it had happened now: the fields first, then the tap.
 */
/** A field, the value and the checked state the visitor left in it. */
type EarlyField = [HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, string, boolean];

interface EarlyInput {
  fields: EarlyField[];
  action: HTMLButtonElement | null;
}

declare global {
  interface Window {
    hsEarlyInput?: EarlyInput;
  }
}

/**
 * Gives `property` the value React rendered through the field's own setter (which React watches),
 * then the visitor's through the prototype's (which it does not): React sees a change.
 */
function setSeenAsChanged(
  field: HTMLInputElement | HTMLTextAreaElement,
  property: 'value' | 'checked',
  rendered: string | boolean,
  visitors: string | boolean,
) {
  (field as unknown as Record<string, unknown>)[property] = rendered;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)!.set!.call(
    field,
    visitors,
  );
}

/**
 * Sets a field's value so that React sees a change. Hydration leaves a changed field as the
 * visitor left it and takes that value as the one it knows, so a plain event would look like no
 * change: the value React rendered (`defaultValue`, `defaultChecked`) is set first, then the
 * visitor's, and the event React listens to for that kind of field is sent.
 */
function replayField([field, value, checked]: EarlyField) {
  if (!field.isConnected) return;
  hydrateAround(field);
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    setSeenAsChanged(field, 'checked', field.defaultChecked, checked);
    if (field.checked !== field.defaultChecked)
      field.dispatchEvent(new Event('click', { bubbles: true }));
    return;
  }
  if (field instanceof HTMLSelectElement) {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  setSeenAsChanged(field, 'value', field.defaultValue, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * A part of the page inside a Suspense boundary (the space page, below its `Await`) is hydrated
 * after the root commits, at the lowest priority. An `input` event in it makes React hydrate it at
 * once and then does nothing (React reads no change: it has just recorded the field's value, and
 * input on a button or a form means nothing to it), so what follows reaches React's handlers.
 */
function hydrateAround(element: HTMLElement) {
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Hands the visitor's early fields and tap to the live page, once. */
export function adoptEarlyInput() {
  const early = window.hsEarlyInput;
  if (!early) return;
  delete window.hsEarlyInput;
  for (const field of early.fields) replayField(field);
  const action = early.action;
  if (!action?.isConnected) return;
  hydrateAround(action);
  clickWhenLive(action, performance.now() + LIVE_WAIT_MS);
}

/**
 * Once the app has taken the page over, a part hydrated on its own (`serverRenderedPart`) can
 * still be the server's HTML for a moment: React does not replay a click it could not hydrate
 * for. From the takeover on, a tap on a button of such a part waits for the part, as a kept tap
 * does. A button the browser answers itself (an invoker command, a form's send with an action) or
 * the boot script does (a strip's arrow) is left alone, as the boot script leaves it.
 */
export function holdTapsUntilLive(root: HTMLElement) {
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('button');
      if (!button || !root.contains(button) || isLive(button) || passing.has(button)) return;
      if (button.hasAttribute('commandfor') || button.dataset.scrollTarget) return;
      if (button.type === 'submit' && button.form?.hasAttribute('action')) return;
      event.preventDefault();
      event.stopPropagation();
      hydrateAround(button);
      clickWhenLive(button, performance.now() + LIVE_WAIT_MS);
    },
    true,
  );
}

/** Buttons being clicked by `clickWhenLive`: their click goes through. */
const passing = new WeakSet<HTMLButtonElement>();

/** How long a kept tap waits for its part's code before it is clicked all the same. */
const LIVE_WAIT_MS = 10_000;

/**
 * A tap in a part that is hydrated on its own once its code has come (the reviews, the footer:
 * `serverRenderedPart`, decision 075) waits for that part: clicked while the button is still the
 * server's HTML, it would reach no handler and be lost (an admin's first "hide review" did
 * nothing). React marks each element it has taken over with its props (`__reactProps$…`).
 */
function clickWhenLive(button: HTMLButtonElement, deadline: number) {
  if (!button.isConnected) return;
  if (isLive(button) || performance.now() > deadline) {
    passing.add(button);
    button.click();
    passing.delete(button);
    return;
  }
  setTimeout(() => clickWhenLive(button, deadline), 50);
}

const isLive = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith('__reactProps$'));
