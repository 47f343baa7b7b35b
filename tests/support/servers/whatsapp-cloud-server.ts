import { WHATSAPP_TEMPLATES } from '#server/notices/whatsapp-templates.ts';
import { startHttpServer } from './http-server.ts';

/**
 * A local server that answers like Meta's WhatsApp Cloud API `/{version}/{phone number id}/messages`
 * for one business number: bearer token checked, template messages only, templates approved
 * under `prefix` + the names in src/server/notices/whatsapp-templates.ts (with their parameter
 * count), and its error shape (`{ error: { message, type, code, fbtrace_id } }`).
 */
export async function startWhatsAppCloudServer(opts: {
  phoneNumberId: string;
  token: string;
  prefix?: string;
}) {
  const prefix = opts.prefix ?? 'hourspace_';
  let failWith: number | null = null;
  let sent = 0;
  const delivered: { to: string; template: string; language: string; params: string[] }[] = [];
  const error = (code: number, message: string) =>
    JSON.stringify({ error: { message, type: 'OAuthException', code, fbtrace_id: 'Atest' } });

  const server = await startHttpServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    const match = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(req.url);
    if (req.method !== 'POST' || !match) {
      res.statusCode = 404;
      return void res.end(error(803, 'Unknown path'));
    }
    if (req.headers.authorization !== `Bearer ${opts.token}`) {
      res.statusCode = 401;
      return void res.end(error(190, 'Invalid OAuth access token.'));
    }
    if (match[1] !== opts.phoneNumberId) {
      res.statusCode = 400;
      return void res.end(error(100, 'Unsupported post request: unknown phone number id'));
    }
    if (failWith) {
      res.statusCode = failWith;
      return void res.end(error(131000, 'Something went wrong'));
    }
    let body: {
      messaging_product?: string;
      to?: string;
      type?: string;
      template?: {
        name?: string;
        language?: { code?: string };
        components?: { type: string; parameters: { type: string; text: string }[] }[];
      };
    };
    try {
      body = JSON.parse(req.body.toString());
    } catch {
      res.statusCode = 400;
      return void res.end(error(100, 'Invalid JSON'));
    }
    const name = body.template?.name ?? '';
    const known = name.startsWith(prefix)
      ? WHATSAPP_TEMPLATES[name.slice(prefix.length) as keyof typeof WHATSAPP_TEMPLATES]
      : undefined;
    const params =
      body.template?.components?.find((c) => c.type === 'body')?.parameters.map((p) => p.text) ??
      [];
    if (
      body.messaging_product !== 'whatsapp' ||
      body.type !== 'template' ||
      !/^\d{8,15}$/.test(body.to ?? '') ||
      !['ar', 'en'].includes(body.template?.language?.code ?? '')
    ) {
      res.statusCode = 400;
      return void res.end(error(100, 'Invalid parameter'));
    }
    if (!known) {
      res.statusCode = 404;
      return void res.end(error(132001, 'Template name does not exist in the translation'));
    }
    if (params.length !== known.params.length) {
      res.statusCode = 400;
      return void res.end(error(132000, 'Number of parameters does not match the expected number'));
    }
    delivered.push({
      to: body.to!,
      template: name,
      language: body.template!.language!.code!,
      params,
    });
    res.statusCode = 200;
    res.end(
      JSON.stringify({
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: `wamid.test${++sent}` }],
      }),
    );
  });
  return { ...server, delivered, fail: (status: number | null) => (failWith = status) };
}
