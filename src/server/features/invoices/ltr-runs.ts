/**
 * The left-to-right runs inside an invoice's Arabic text (a booking reference, a date with its
 * times, a postal code with its additional number): the printable page isolates each in a
 * `<bdi dir="ltr">` and the PDF between U+2066…U+2069, so the bidirectional order never reverses
 * "10:00–12:00" or "12643-2121" in a right-to-left line, nor splits `HS-…` at its hyphen.
 */
export const LTR_RUN =
  /[A-Z]{2,}-[A-Z0-9]+|\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}(?::\d{2})?(?:–\d{2}:\d{2})?)?|\d+(?:-\d+)+|\d+%/g;
