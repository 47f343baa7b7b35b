import {
  CarFront,
  Coffee,
  CookingPot,
  PenLine,
  Printer,
  Projector,
  Speaker,
  Sun,
  Theater,
  UtensilsCrossed,
  Video,
  Wifi,
  type LucideProps,
} from 'lucide-react';
import type { ComponentType } from 'react';
import type { Amenity } from '#shared/constants.ts';

/** One icon per amenity, the same in the wizard, the details page and anywhere else. */
const icons: Record<Amenity, ComponentType<LucideProps>> = {
  wifi: Wifi,
  projector: Projector,
  natural_light: Sun,
  video_conference: Video,
  whiteboard: PenLine,
  coffee_machine: Coffee,
  stage: Theater,
  catering_kitchen: UtensilsCrossed,
  sound_system: Speaker,
  parking: CarFront,
  shared_kitchen: CookingPot,
  printer: Printer,
};

export function AmenityIcon({ amenity, ...props }: { amenity: Amenity } & LucideProps) {
  const Icon = icons[amenity];
  return <Icon aria-hidden {...props} />;
}
