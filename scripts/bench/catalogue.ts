/**
 * A generated catalogue for the benchmarks (bench:api, bench:load): approved spaces of one host,
 * numbered `from`..`to`, set-based — names and descriptions from small word lists in both
 * languages, every city and type, prices 50–999 SAR, 2–301 guests, 08:00–22:00 — and a cover each
 * (a demo illustration the seed stored; the benchmarks never download it). Idempotent per host:
 * spaces that already have a cover keep it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { AMENITIES, CITIES, DAYS, SPACE_TYPES } from '../../src/shared/constants.ts';

const list = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

export async function insertCatalogue(
  tx: Pick<Db, 'execute'>,
  input: {
    hostId: string;
    from: number;
    to: number;
    /** each space's phone is 05 followed by this eight-digit base plus its number */
    phoneBase: number;
    /** each space's contact email is `<prefix><number>@example.test` */
    emailPrefix: string;
  },
): Promise<void> {
  const { hostId, from, to, phoneBase, emailPrefix } = input;
  if (!/^[\w-]+$/.test(emailPrefix) || !/^[\w-]+$/.test(hostId))
    throw new Error('insertCatalogue: hostId and emailPrefix must be plain words');
  await tx.execute(
    sql.raw(`
    insert into spaces (host_id, type, city, address, listing_language, name_ar, name_en,
      description_ar, description_en, price_halalas, capacity, amenities, contact_phone,
      contact_email, opens_at, closes_at, available_days, status, created_at, updated_at)
    select '${hostId}',
      (${list(SPACE_TYPES)})[1 + g % ${SPACE_TYPES.length}],
      (${list(CITIES)})[1 + (g / 7) % ${CITIES.length}],
      'شارع ' || (array['الملك فهد','العليا','التحلية','الأمير سلطان','الكورنيش'])[1 + g % 5] || '، مبنى ' || g,
      case when g % 3 = 0 then 'en' else 'ar' end,
      (array['قاعة','استوديو','مساحة','مكتب','صالة','غرفة'])[1 + g % 6] || ' ' ||
        (array['النخبة','الريادة','الضياء','الأفق','الواحة','السحاب','المجد','الفنون','الإبداع','اللؤلؤة'])[1 + (g / 6) % 10] || ' ' || g,
      (array['Elite','Horizon','Oasis','Pearl','Summit','Crescent','Palm','Falcon','Dune','Harbor'])[1 + (g / 6) % 10] || ' ' ||
        (array['Hall','Studio','Space','Office','Lounge','Room'])[1 + g % 6] || ' ' || g,
      'مساحة مجهزة بالكامل بمساحة ' || (20 + g % 400) || ' م² مناسبة للاجتماعات والفعاليات والتصوير، مع إضاءة جيدة وخدمة استقبال.',
      'A fully equipped ' || (20 + g % 400) || ' m² space for meetings, events and shoots, with good light and a staffed reception.',
      (50 + (g * 37) % 950) * 100,
      2 + (g * 13) % 300,
      (select coalesce(array_agg(a), '{}') from unnest(${list(AMENITIES)}) with ordinality as t(a, i) where (g >> (i::int - 1)) % 2 = 1),
      '05' || lpad((${Math.trunc(phoneBase)} + g)::text, 8, '0'),
      '${emailPrefix}' || g || '@example.test',
      '08:00', '22:00',
      case g % 4 when 0 then ${list(DAYS)} when 1 then array['sunday','monday','tuesday','wednesday','thursday']
        when 2 then array['thursday','friday','saturday'] else array['saturday','sunday','monday','tuesday','wednesday','thursday'] end,
      'approved',
      now() - (g || ' minutes')::interval, now()
    from generate_series(${Math.trunc(from)}, ${Math.trunc(to)}) g`),
  );
  await tx.execute(sql`
    insert into space_images (space_id, uploader_id, position, variants, width, height)
    select s.id, s.host_id, 0,
      jsonb_build_object('480', 'seed/meeting-room-0/480.webp', '960', 'seed/meeting-room-0/960.webp', '1600', 'seed/meeting-room-0/1600.webp'),
      1600, 1066
    from spaces s where s.host_id = ${hostId}
      and not exists (select 1 from space_images i where i.space_id = s.id)`);
}
