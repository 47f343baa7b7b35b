import {
  Briefcase,
  Cake,
  Camera,
  ChefHat,
  Clapperboard,
  Dumbbell,
  Frame,
  Hammer,
  Mic,
  Music,
  PartyPopper,
  Presentation,
  Sparkles,
  Store,
  Trees,
  type LucideProps,
} from 'lucide-react';
import type { ComponentType } from 'react';
import type { SpaceType } from '#shared/constants.ts';

const icons: Record<SpaceType, ComponentType<LucideProps>> = {
  photo_studio: Camera,
  office_space: Briefcase,
  event_hall: PartyPopper,
  studio: Clapperboard,
  gym: Dumbbell,
  meeting_room: Presentation,
  podcasts: Mic,
  kids_parties: Cake,
  art_galleries: Frame,
  workshops: Hammer,
  popups: Store,
  culinary_spaces: ChefHat,
  outdoor_venues: Trees,
  music_rooms: Music,
  other: Sparkles,
};

export function SpaceTypeIcon({ type, ...props }: { type: SpaceType } & LucideProps) {
  const Icon = icons[type];
  return <Icon aria-hidden {...props} />;
}
