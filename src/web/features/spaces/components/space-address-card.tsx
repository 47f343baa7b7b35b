import { MapPinned } from 'lucide-react';
import { addressLines } from '#shared/domain/space-address.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useTranslation } from '#web/lib/i18n.ts';

/**
 * What the map's box shows from the first paint, until the visitor asks for the map (which is
 * Google's, loaded only then): where the space is — its district, street and city — in the
 * server's HTML like the rest of the page (decision 075). No static map picture: the project has
 * no map provider to draw one from.
 */
export function SpaceAddressCard({
  address,
  cityName,
  onShowMap,
}: {
  address: string;
  cityName: string;
  onShowMap: () => void;
}) {
  const { t } = useTranslation();
  const { street, district } = addressLines(address);
  return (
    <div
      data-testid="space-address"
      // On a phone the address reads from the top and the button sits at the bottom; on a wider
      // box both are centred, where a map's marker would be.
      className="map-paper flex size-full flex-col justify-between gap-4 p-5 sm:items-center sm:justify-center sm:gap-6 sm:p-8 sm:text-center"
    >
      <div className="flex items-start gap-4 sm:flex-col sm:items-center sm:gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white shadow-card">
          <MapPinned aria-hidden className="size-6" />
        </span>
        <address className="flex min-w-0 flex-col gap-0.5 not-italic sm:items-center">
          {/* The host's own words, in either script, set in the page's direction. */}
          <span className="text-xl font-bold text-ink">
            <bdi>{district ?? street}</bdi>
          </span>
          {district && (
            <span className="text-ink">
              <bdi>{street}</bdi>
            </span>
          )}
          <span className="text-muted">{t('space.cityInCountry', { city: cityName })}</span>
        </address>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 sm:flex-col sm:gap-2">
        <Button variant="outline" onClick={onShowMap} className="bg-white">
          {t('space.showMap')}
        </Button>
        <p className="max-w-sm text-sm text-muted">{t('space.mapConsent')}</p>
      </div>
    </div>
  );
}
