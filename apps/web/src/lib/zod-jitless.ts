import { z } from 'zod';

// The server's Content-Security-Policy allows no eval. Zod probes for it with `new Function`
// on first parse, and Chromium reports that probe as a CSP violation even though Zod catches
// it; jitless skips the probe (and the compiled fast path the policy would refuse anyway).
// Imported first in main.tsx, before anything parses.
z.config({ jitless: true });
