// Types for processes.mjs, so the TypeScript benches can share it.
import type { ChildProcess } from 'node:child_process';

export interface ServiceSpec {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  readyUrl: string;
  url: string;
}

export interface ServiceHandle {
  name: string;
  url: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>;
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  readyTimeoutMs?: number;
  echo?: boolean;
}

export const ROOT: string;
export function freePort(): Promise<number>;
export function makeTempDir(prefix: string): string;
export function removeDir(dir: string): void;
export function sapaServerService(options: {
  port: number;
  dataDir: string;
  pgPort: number;
  env?: Record<string, string>;
}): ServiceSpec;
export const SANDBOX_MIDTRANS_KEYS: MidtransKeys;
export interface MidtransKeys {
  serverKey: string;
  clientKey: string;
}
export function midtransServerEnv(sandboxUrl: string, keys?: MidtransKeys): Record<string, string>;
export function sandboxService(options: {
  port: number;
  webhookUrl: string;
  appSecret: string;
  paymentNotificationUrl?: string;
  midtransKeys?: MidtransKeys;
}): ServiceSpec;
export function startService(service: ServiceSpec, options?: StartOptions): Promise<ServiceHandle>;
export function startServices(
  services: ServiceSpec[],
  options?: StartOptions,
): Promise<ServiceHandle[]>;
export function stopServices(handles: ServiceHandle[]): Promise<void>;
