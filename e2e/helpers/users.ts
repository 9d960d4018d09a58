// Unique people per run, so tests never collide with each other or with earlier runs.
import { randomBytes } from 'node:crypto';

const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
let sequence = 0;

export function uniqueEmail(label: string): string {
  sequence += 1;
  return `e2e-${label}-${runId}-${sequence}@example.com`;
}

export interface NewBusiness {
  name: string;
  company: string;
  email: string;
  phone: string;
  password: string;
}

/** Registration data that satisfies every rule of spec §5. */
export function newBusiness(label = 'owner'): NewBusiness {
  return {
    name: 'Rina Owner',
    company: `E2E Company ${runId}`,
    email: uniqueEmail(label),
    phone: `0812${String(Date.now()).slice(-8)}`,
    password: 'Sapa2025Secure',
  };
}

export const DEMO_ADMIN_EMAIL = 'admin@demo.sapa.id';
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Sapa12345';
