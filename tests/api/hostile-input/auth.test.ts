import { fuzzArea } from './run.ts';

// The rest of better-auth's catch-all the web app calls (session, sign-out, activation, Google,
// resend) and random paths under /api/auth/.
fuzzArea('auth');
