/** Narrowing helpers for `message.payload`, which holds provider JSON of no fixed shape. */

export type JsonRecord = Record<string, unknown>;

export function record(value: unknown): JsonRecord {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonRecord) : {};
}

export function records(value: unknown): JsonRecord[] {
  return Array.isArray(value) ? value.map(record) : [];
}

/** A non-empty string (numbers become strings), else null. */
export function str(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() ? value : null;
}

/** OpenStreetMap link for a point: no API key, no tracking, opens the map app on phones. */
export function mapLink(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(6);
  const lon = longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}

/** The location of a location message, when its coordinates are numbers. */
export function locationOf(payload: JsonRecord): {
  latitude: number;
  longitude: number;
  name: string | null;
  address: string | null;
  url: string | null;
} | null {
  const location = record(payload.location);
  const latitude = Number(location.latitude);
  const longitude = Number(location.longitude);
  if (location.latitude === undefined || location.longitude === undefined) return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  return {
    latitude,
    longitude,
    name: str(location.name),
    address: str(location.address),
    url: str(location.url),
  };
}

export interface ContactCard {
  name: string | null;
  organization: string | null;
  phones: { number: string; type: string | null; waId: string | null }[];
  emails: string[];
}

/** WhatsApp's contact card (reference §2.2), reduced to what an agent uses. */
export function contactCard(card: JsonRecord): ContactCard {
  const name = record(card.name);
  const fullName =
    str(name.formatted_name) ??
    ([str(name.first_name), str(name.last_name)].filter(Boolean).join(' ') || null);
  const org = record(card.org);
  return {
    name: fullName,
    organization: str(org.company),
    phones: records(card.phones)
      .map((p) => ({
        number: str(p.phone) ?? str(p.wa_id) ?? '',
        type: str(p.type),
        waId: str(p.wa_id),
      }))
      .filter((p) => p.number),
    emails: records(card.emails)
      .map((e) => str(e.email))
      .filter((e): e is string => e !== null),
  };
}
