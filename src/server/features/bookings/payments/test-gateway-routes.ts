import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { TestGateway } from '#server/adapters/payments/test-gateway.ts';
import { formatPrice } from '#shared/format.ts';

/**
 * The embedded test gateway's hosted pages (decision 052), like Moyasar's in test mode: a card
 * form (Moyasar's published test cards; adapters/payments/test-cards.ts), a 3-D Secure step,
 * then the renter goes to the callback with `?id=&status=&message=` and the webhook is delivered
 * to POST /api/payments/webhook with the gateway's secret token. Every page says "test payment"
 * in both languages. paymentRoutes registers these only without Moyasar keys and outside
 * production. Not under /api: they stand for pages on Moyasar's own site.
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const CSS = `body{font-family:system-ui,sans-serif;max-inline-size:32rem;margin-inline:auto;padding:1rem;color:#1f2937}
.banner{background:#fef3c7;border:2px dashed #b45309;padding:.75rem;margin-block-end:1rem;font-weight:700}
label{display:block;margin-block:.5rem}input{display:block;inline-size:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{margin-block-start:1rem;padding:.75rem 1rem;font-size:1rem;margin-inline-end:.5rem}
.amount{font-size:1.25rem;font-weight:700}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><link rel="icon" href="data:,"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><link rel="stylesheet" href="/test-gateway/style.css"></head><body><main>
<p class="banner" role="note">دفع تجريبي — لا تُخصم أي أموال حقيقية<br><span lang="en" dir="ltr">Test payment — no real money is charged</span></p>
${body}</main></body></html>`;
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);

export const testGatewayRoutes: FastifyPluginAsync<{ gateway: TestGateway }> = async (
  app,
  { gateway },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get('/test-gateway/style.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(CSS),
  );

  app.get<{ Params: { id: string } }>('/test-gateway/checkout/:id', async (request, reply) => {
    const invoice = await gateway.invoice(request.params.id);
    if (!invoice)
      return html(
        reply,
        404,
        page('Not found', '<p>لا توجد فاتورة بهذا الرقم · No such invoice</p>'),
      );
    if (invoice.status === 'paid') {
      return html(reply, 409, page('Paid', '<p>دُفعت هذه الفاتورة · This invoice is paid</p>'));
    }
    return html(
      reply,
      200,
      page(
        'بوابة الدفع التجريبية · Test payment gateway',
        `<h1>ادفع · Pay</h1>
<p>${esc(invoice.description)}</p>
<p class="amount">${esc(formatPrice(invoice.amount, 'ar'))} · <span lang="en" dir="ltr">${esc(formatPrice(invoice.amount, 'en'))}</span></p>
<form method="post" action="/test-gateway/checkout/${invoice.id}">
<label>الاسم على البطاقة · Name on card<input name="name" autocomplete="off" required></label>
<label>رقم البطاقة · Card number<input name="number" inputmode="numeric" dir="ltr" autocomplete="off" required></label>
<label>الشهر · Month<input name="month" inputmode="numeric" dir="ltr" required></label>
<label>السنة · Year<input name="year" inputmode="numeric" dir="ltr" required></label>
<label>رمز الأمان · CVC<input name="cvc" inputmode="numeric" dir="ltr" autocomplete="off" required></label>
<button type="submit">ادفع · Pay</button>
</form>`,
      ),
    );
  });

  app.post<{ Params: { id: string }; Body: Record<string, string> }>(
    '/test-gateway/checkout/:id',
    async (request, reply) => {
      const number = String(request.body?.number ?? '');
      if (!/^\d[\d ]{11,22}$/.test(number)) {
        return html(
          reply,
          400,
          page('Invalid card', '<p>رقم البطاقة غير صحيح · Invalid card number</p>'),
        );
      }
      const payment = await gateway.startPayment(request.params.id, { number });
      if (!payment) return html(reply, 404, page('Not found', '<p>Not found</p>'));
      return reply.redirect(`/test-gateway/3ds/${payment.id}`, 303);
    },
  );

  app.get<{ Params: { id: string } }>('/test-gateway/3ds/:id', async (request, reply) => {
    const payment = await gateway.fetchPayment(request.params.id);
    if (!payment || payment.status !== 'initiated') {
      return html(reply, 404, page('Not found', '<p>Not found</p>'));
    }
    return html(
      reply,
      200,
      page(
        '3-D Secure',
        `<h1>التحقق الثلاثي · 3-D Secure</h1>
<p>هذه صفحة البنك التجريبية. · This is the test bank's page.</p>
<form method="post" action="/test-gateway/3ds/${payment.id}">
<button type="submit" name="action" value="authenticate">تحقق · Authenticate</button>
<button type="submit" name="action" value="fail">ارفض · Fail authentication</button>
</form>`,
      ),
    );
  });

  app.post<{ Params: { id: string }; Body: Record<string, string> }>(
    '/test-gateway/3ds/:id',
    async (request, reply) => {
      const payment = await gateway.finishPayment(
        request.params.id,
        request.body?.action === 'authenticate',
      );
      if (!payment) return html(reply, 404, page('Not found', '<p>Not found</p>'));
      const invoice = payment.invoiceId ? await gateway.invoice(payment.invoiceId) : null;
      // The webhook, as Moyasar sends it, delivered in-process to our webhook route.
      const data = await gateway.rawPayment(payment.id);
      await app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload: {
          id: `evt_${payment.id}_${payment.status}`,
          type: payment.status === 'paid' ? 'payment_paid' : 'payment_failed',
          created_at: new Date().toISOString(),
          secret_token: gateway.webhookSecret,
          account_name: 'HourSpace test',
          live: false,
          data,
        },
      });
      const back = new URL(invoice?.callbackUrl ?? '/account');
      back.searchParams.set('id', payment.id);
      back.searchParams.set('status', payment.status);
      back.searchParams.set('message', payment.message ?? '');
      return reply.redirect(`${back.pathname}${back.search}`, 303);
    },
  );
};
