/**
 * Where a space's "share" sends its name and canonical URL (decision 079): plain links, so each
 * works from the server's HTML before the app runs. `text` is the sentence that carries the
 * name (in the page's language); the URL goes where each service expects it — its own parameter
 * when it has one (X, Telegram), else after the text (WhatsApp, an email's body).
 */
export interface ShareLinks {
  whatsapp: string;
  x: string;
  telegram: string;
  email: string;
}

export function shareLinks({
  name,
  text,
  url,
}: {
  name: string;
  text: string;
  url: string;
}): ShareLinks {
  const q = encodeURIComponent;
  return {
    whatsapp: `https://wa.me/?text=${q(`${text}\n${url}`)}`,
    x: `https://x.com/intent/post?text=${q(text)}&url=${q(url)}`,
    telegram: `https://t.me/share/url?url=${q(url)}&text=${q(text)}`,
    // mailto: takes percent-encoded fields (RFC 6068): a space is %20, never "+".
    email: `mailto:?subject=${q(name)}&body=${q(`${text}\n${url}`)}`,
  };
}
