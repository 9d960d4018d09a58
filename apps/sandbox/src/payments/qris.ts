import QRCode from 'qrcode';

/** One EMVCo tag: id, two-digit length, value. */
const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** CRC-16/CCITT-FALSE over the payload, as EMVCo's tag 63 requires. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * A dynamic QRIS payload (EMVCo merchant-presented mode) for one order: the amount, the merchant
 * and the order as reference. Its merchant account is the sandbox's own, so no real wallet can pay
 * it; the page's "simulate" button stands in for the scan.
 */
export function qrisPayload(input: {
  merchantName: string;
  merchantId: string;
  orderId: string;
  amount: number;
}): string {
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', tlv('00', 'ID.SAPA.SANDBOX') + tlv('01', input.merchantId.slice(0, 19))) +
    tlv('52', '7372') +
    tlv('53', '360') +
    tlv('54', String(input.amount)) +
    tlv('58', 'ID') +
    tlv('59', input.merchantName.slice(0, 25)) +
    tlv('60', 'Jakarta') +
    tlv('62', tlv('01', input.orderId.slice(0, 25))) +
    '6304';
  return body + crc16(body);
}

/** The QR as an SVG drawing of its modules (no external image). */
export function qrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
}
