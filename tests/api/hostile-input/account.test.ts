import { fuzzArea } from './run.ts';

// /api/me, and the better-auth endpoints of signing up and in (email, phone codes, sign-up).
fuzzArea('account');
