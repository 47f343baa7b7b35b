/**
 * A host's invoicing details (issue 33, decision 074): the seller — registered name, VAT number,
 * CR, national address — on the tax invoices and credit notes HourSpace issues on the host's
 * behalf. The host keeps them in the Hosting area (GET/PUT /api/host/invoicing-details); the
 * payment flow reads them when it issues a document (payment-documents.ts), and the document
 * keeps its own copy, so a later change never touches an issued invoice.
 */
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { nationalAddressOf, type SellerDetails } from '#shared/domain/seller-details.ts';
import type {
  InvoicingDetails,
  InvoicingDetailsResponse,
} from '#shared/schemas/invoicing-details.ts';
import type { Queryable } from '#server/db/client.ts';
import { bookings, hostInvoicingDetails, invoices, spaces } from '#server/db/schema.ts';
import type { InvoiceParty } from './ubl.ts';

type DetailsRow = typeof hostInvoicingDetails.$inferSelect;

/** The host's details as they are now, or null. */
export async function findSellerDetails(
  db: Queryable,
  hostId: string,
): Promise<(SellerDetails & Pick<DetailsRow, 'updatedAt'>) | null> {
  const [row] = await db
    .select()
    .from(hostInvoicingDetails)
    .where(eq(hostInvoicingDetails.hostId, hostId));
  return row ?? null;
}

/** The seller of an invoice on the host's behalf, from their details (ZATCA's fields). */
export function sellerPartyOf(d: SellerDetails): InvoiceParty {
  return {
    name: d.legalNameAr,
    nameEn: d.legalNameEn,
    vatNumber: d.vatNumber,
    crNumber: d.crNumber,
    address: nationalAddressOf(d),
  };
}

/**
 * Invoices and credit notes issued on the host's behalf whose seller has no national address:
 * issued before the host gave their details (decision 074: the renter's document comes first).
 */
async function documentsWithoutAddress(db: Queryable, hostId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .where(
      and(
        eq(spaces.hostId, hostId),
        inArray(invoices.kind, ['tax_invoice', 'credit_note']),
        sql`${invoices.issuerKey} like 'vat:%'`,
        sql`jsonb_typeof(${invoices.seller}->'address') is distinct from 'object'`,
      ),
    );
  return Number(row?.n ?? 0);
}

const detailsOut = (
  row: SellerDetails & Pick<DetailsRow, 'updatedAt'>,
): NonNullable<InvoicingDetailsResponse['details']> => ({
  legalNameAr: row.legalNameAr,
  legalNameEn: row.legalNameEn,
  vatNumber: row.vatNumber,
  crNumber: row.crNumber,
  street: row.street,
  buildingNumber: row.buildingNumber,
  additionalNumber: row.additionalNumber,
  district: row.district,
  city: row.city,
  postalCode: row.postalCode,
  updatedAt: row.updatedAt.toISOString(),
});

async function answer(
  db: Queryable,
  hostId: string,
  row: (SellerDetails & Pick<DetailsRow, 'updatedAt'>) | null | undefined,
) {
  const vatListings = await db
    .select({
      id: spaces.id,
      nameAr: spaces.nameAr,
      nameEn: spaces.nameEn,
      vatNumber: sql<string>`${spaces.vatNumber}`,
    })
    .from(spaces)
    .where(
      and(eq(spaces.hostId, hostId), isNotNull(spaces.vatNumber), ne(spaces.status, 'archived')),
    )
    .orderBy(asc(spaces.createdAt), asc(spaces.id));
  return {
    details: row ? detailsOut(row) : null,
    vatListings,
    documentsWithoutAddress: await documentsWithoutAddress(db, hostId),
  } satisfies InvoicingDetailsResponse;
}

export async function getInvoicingDetails(db: Queryable, hostId: string) {
  return answer(db, hostId, await findSellerDetails(db, hostId));
}

/** Saves (or replaces) the host's details in one statement; issued documents keep theirs. */
export async function saveInvoicingDetails(db: Queryable, hostId: string, input: InvoicingDetails) {
  const [row] = await db
    .insert(hostInvoicingDetails)
    .values({ hostId, ...input })
    .onConflictDoUpdate({
      target: hostInvoicingDetails.hostId,
      set: { ...input, updatedAt: sql`now()` },
    })
    .returning();
  return answer(db, hostId, row);
}
