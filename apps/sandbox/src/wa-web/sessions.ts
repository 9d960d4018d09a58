import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { newToken } from '../ids.js';
import {
  LIMITS,
  lidOf,
  newPairingCode,
  newQr,
  type Device,
  type DeviceLink,
  type PendingLogin,
  type Phone,
} from './model.js';
import type { CloseName, WireAccount, WireCreds } from './protocol.js';

export interface SessionOptions {
  clock: Clock;
  log: Logger;
  /** How long each QR stays valid before the next replaces it (WhatsApp: about 20 s). */
  qrTtlMs: number;
  /** QRs shown without a scan before the connection is closed (`qr_expired`). */
  qrMax: number;
}

export class ScanError extends Error {
  constructor(
    readonly code: 'unknown_code' | 'expired_code' | 'too_many_devices' | 'wrong_phone',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Phones, their linked devices and the connections logging in: the WhatsApp-servers half of the
 * session service (wa-web/service.ts adds chats, items and receipts on top).
 */
export class Sessions {
  readonly phones = new Map<string, Phone>();
  readonly devices = new Map<string, Device>();
  private readonly logins = new Map<DeviceLink, PendingLogin>();
  private readonly timers = new Map<DeviceLink, NodeJS.Timeout>();
  /** Which device a live connection belongs to. */
  readonly linkDevice = new Map<DeviceLink, string>();

  constructor(private readonly options: SessionOptions) {}

  ensurePhone(phone: string, name?: string): Phone {
    let found = this.phones.get(phone);
    if (!found) {
      found = {
        phone,
        name: name ?? `Business ${phone.slice(-4)}`,
        lid: lidOf(phone),
        offline: false,
        chats: new Map(),
      };
      this.phones.set(phone, found);
    } else if (name) found.name = name;
    return found;
  }

  account(phone: Phone): WireAccount {
    return { phone: phone.phone, name: phone.name, lid: phone.lid };
  }

  devicesOf(phone: string): Device[] {
    return [...this.devices.values()].filter((d) => d.phone === phone);
  }

  /** A device whose credentials match, or null (unknown, wrong secret, logged out). */
  deviceFor(creds: WireCreds): Device | null {
    const device = this.devices.get(creds.deviceId);
    if (!device) return null;
    const a = Buffer.from(device.secret);
    const b = Buffer.from(creds.secret);
    return a.length === b.length && timingSafeEqual(a, b) ? device : null;
  }

  /** A connection without credentials: shows rotating QRs until scanned or out of QRs. */
  startLogin(link: DeviceLink, client: string): void {
    const login: PendingLogin = {
      link,
      client,
      qr: null,
      qrExpiresAt: 0,
      qrCount: 0,
      pairing: null,
      deviceId: null,
    };
    this.logins.set(link, login);
    this.rotate(login);
  }

  private rotate(login: PendingLogin): void {
    if (login.qrCount >= this.options.qrMax) {
      this.endLogin(login.link);
      login.link.close('qr_expired');
      return;
    }
    login.qrCount += 1;
    login.qr = newQr();
    login.qrExpiresAt = this.options.clock.now() + this.options.qrTtlMs;
    login.link.send({ t: 'qr', qr: login.qr, expiresAt: login.qrExpiresAt, n: login.qrCount });
    this.timers.set(
      login.link,
      setTimeout(() => this.rotate(login), this.options.qrTtlMs),
    );
  }

  /** The pairing-code alternative: the code to type on the phone of `phone`. */
  pairingCode(link: DeviceLink, phone: string): string {
    const login = this.logins.get(link);
    if (!login) throw new ScanError('unknown_code', 'This connection is not logging in');
    login.pairing = { code: newPairingCode(), phone };
    return login.pairing.code;
  }

  /** What a login connection shows now (tests and the bench scan without a browser). */
  currentLogins(): Array<{ qr: string | null; expiresAt: number; pairingCode: string | null }> {
    return [...this.logins.values()].map((l) => ({
      qr: l.qr,
      expiresAt: l.qrExpiresAt,
      pairingCode: l.pairing?.code ?? null,
    }));
  }

  /**
   * The phone scans a QR (or takes a pairing code): a new device is linked to it and the
   * connection learns its credentials. The caller closes it with `restart_required` once the
   * device has stored them, as WhatsApp does after the first scan.
   */
  scan(code: string, phoneNumber: string, phoneName?: string): { device: Device; phone: Phone } {
    const text = code.trim();
    const now = this.options.clock.now();
    const login = [...this.logins.values()].find(
      (l) => l.qr === text || l.pairing?.code === text.toUpperCase(),
    );
    if (!login) {
      throw new ScanError(
        'unknown_code',
        'No device is showing this code: it may have rotated or the device closed',
      );
    }
    const byPairing = login.pairing?.code === text.toUpperCase();
    if (!byPairing && login.qrExpiresAt < now) {
      throw new ScanError('expired_code', 'This QR code has expired');
    }
    if (byPairing && login.pairing?.phone !== phoneNumber) {
      throw new ScanError('wrong_phone', 'This pairing code was asked for another phone number');
    }
    if (this.devicesOf(phoneNumber).length >= LIMITS.devicesPerPhone) {
      throw new ScanError(
        'too_many_devices',
        `A phone can have at most ${LIMITS.devicesPerPhone} linked devices; log one out first`,
      );
    }
    const phone = this.ensurePhone(phoneNumber, phoneName);
    const device: Device = {
      id: `${phone.phone}.0:${randomBytes(3).toString('hex')}`,
      secret: newToken(),
      phone: phone.phone,
      client: login.client,
      linkedAt: now,
      lastSeenAt: now,
      opened: false,
      pending: [],
      link: null,
    };
    this.devices.set(device.id, device);
    login.deviceId = device.id;
    this.clearTimer(login.link);
    // Scanned: no more QRs; the connection stays a login until it closes for the restart.
    login.qr = null;
    login.pairing = null;
    login.link.send({
      t: 'paired',
      creds: { deviceId: device.id, secret: device.secret },
      account: this.account(phone),
    });
    // A device that never confirms still restarts, as WhatsApp does not wait forever either.
    this.timers.set(
      login.link,
      setTimeout(() => this.finishPairing(login.link), 5_000),
    );
    this.options.log.info({ device: device.id }, 'wa-web: device linked');
    return { device, phone };
  }

  /** The device stored its credentials: close for the restart WhatsApp asks after a scan. */
  finishPairing(link: DeviceLink): void {
    const login = this.logins.get(link);
    if (!login?.deviceId) return;
    this.endLogin(link);
    link.close('restart_required');
  }

  isLoggingIn(link: DeviceLink): boolean {
    return this.logins.has(link);
  }

  /** A connection ended (by either side): stop its timers and forget it. */
  endLogin(link: DeviceLink): void {
    this.clearTimer(link);
    this.logins.delete(link);
  }

  /** Closes the device's live connection, if any, with `reason`. */
  disconnect(device: Device, reason: CloseName): void {
    const link = device.link;
    if (!link) return;
    device.link = null;
    this.linkDevice.delete(link);
    link.close(reason);
  }

  /** The device is unlinked (by the phone, by itself, or by WhatsApp): its credentials stop working. */
  forget(device: Device): void {
    this.disconnect(device, 'logged_out');
    this.devices.delete(device.id);
  }

  private clearTimer(link: DeviceLink): void {
    const timer = this.timers.get(link);
    if (timer) clearTimeout(timer);
    this.timers.delete(link);
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const link of this.logins.keys()) link.close('connection_closed');
    this.logins.clear();
    for (const device of this.devices.values()) this.disconnect(device, 'connection_closed');
  }

  reset(): void {
    this.close();
    this.devices.clear();
    this.phones.clear();
  }
}
