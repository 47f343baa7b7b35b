import { fuzzArea } from './run.ts';

// Health, config, search, details, availability, the contact form and stored media.
fuzzArea('public');
