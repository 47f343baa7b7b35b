import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminInvoicesQuerySchema,
  adminInvoicesSchema,
  hostInvoicesQuerySchema,
  hostInvoicesSchema,
  invoiceParamsSchema,
  invoiceRetrySchema,
} from '#shared/schemas/invoices.ts';
import { fileResponse } from '#server/http/file-response.ts';
import { noStore, requireAdmin, requireUser, signedInFirst } from '#server/http/guards.ts';
import {
  findReadableInvoice,
  listAdminInvoices,
  listHostInvoices,
  retryInvoiceReport,
} from './invoice-access.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { renderPrintableInvoice } from './printable-invoice.ts';

/**
 * The printable page carries its own inline CSS (it must print and save as one file), so it gets
 * its own Content-Security-Policy: no script at all, that one style block by its hash, images
 * only inline.
 */
function sendPage(reply: FastifyReply, html: string) {
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
  const hash = createHash('sha256').update(style, 'utf8').digest('base64');
  noStore(reply);
  return reply
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'sha256-${hash}'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    )
    .send(html);
}

/**
 * E-invoices (issue 33, decision 067): a document as a printable page, the host's documents, and
 * for admins every document with ZATCA's answer and a retry of a failed report. Authorisation is
 * the service's (invoice-access.ts): a document someone may not read is a 404, like a missing one.
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  app.addHook('onRequest', signedInFirst);

  app.get(
    '/invoices/:id',
    {
      // on the route too, so the API's description knows a signed-out caller gets a 401
      onRequest: signedInFirst,
      config: { errors: ['NOT_FOUND'] },
      schema: {
        params: invoiceParamsSchema,
        response: { 200: fileResponse('the printable invoice, Arabic and English', ['text/html']) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      const { invoice, originalNumber } = await findReadableInvoice(
        db(),
        user.id,
        request.params.id,
      );
      return sendPage(
        reply,
        renderPrintableInvoice(invoice, { originalNumber, business: app.deps.config.business }),
      );
    },
  );

  app.get(
    '/invoices/:id/pdf',
    {
      onRequest: signedInFirst,
      config: { errors: ['NOT_FOUND'] },
      schema: {
        params: invoiceParamsSchema,
        response: {
          200: fileResponse('the invoice as a PDF, Arabic and English', ['application/pdf']),
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      const { invoice, originalNumber } = await findReadableInvoice(
        db(),
        user.id,
        request.params.id,
      );
      const pdf = await renderInvoicePdf(invoice, {
        originalNumber,
        business: app.deps.config.business,
      });
      noStore(reply);
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
          // bytes, sent as they are (fileResponse: the schema's string is for the API's description)
          .send(pdf as unknown as string)
      );
    },
  );

  app.get(
    '/host/invoices',
    {
      config: { errors: ['INVALID_CURSOR'] },
      schema: { querystring: hostInvoicesQuerySchema, response: { 200: hostInvoicesSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      noStore(reply);
      return listHostInvoices(db(), user.id, request.query);
    },
  );
};

export const invoiceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/admin/invoices',
    {
      config: { errors: ['INVALID_CURSOR'] },
      schema: { querystring: adminInvoicesQuerySchema, response: { 200: adminInvoicesSchema } },
    },
    async (request, reply) => {
      noStore(reply);
      return listAdminInvoices(db(), request.query);
    },
  );

  app.post(
    '/admin/invoices/:id/report',
    {
      config: { errors: ['NOT_FOUND', 'INVOICE_NOT_RETRYABLE'] },
      schema: { params: invoiceParamsSchema, response: { 202: invoiceRetrySchema } },
    },
    async (request, reply) => {
      noStore(reply);
      const answer = await retryInvoiceReport(db(), request.params.id);
      app.deps.wakeWorker?.();
      return reply.code(202).send(answer);
    },
  );
};
