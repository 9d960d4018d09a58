export type MailTemplate =
  | 'verify_email'
  | 'reset_password'
  | 'invite'
  | 'low_balance'
  | 'channel_attention'
  | 'wabasic_logged_out'
  | 'webhook_disabled';
export type Language = 'en' | 'id';

interface Content {
  subject: string;
  heading: string;
  intro: string;
  button: string;
  outro: string;
}

const COPY: Record<MailTemplate, Record<Language, (v: Record<string, string>) => Content>> = {
  verify_email: {
    en: (v) => ({
      subject: 'Activate your Sapa account',
      heading: `Welcome to Sapa, ${v.name}!`,
      intro: `Confirm your email address to activate the ${v.company} account.`,
      button: 'Activate account',
      outro: 'The link is valid for 48 hours. If you did not sign up, ignore this email.',
    }),
    id: (v) => ({
      subject: 'Aktifkan akun Sapa Anda',
      heading: `Selamat datang di Sapa, ${v.name}!`,
      intro: `Konfirmasi alamat email Anda untuk mengaktifkan akun ${v.company}.`,
      button: 'Aktifkan akun',
      outro: 'Tautan berlaku selama 48 jam. Jika Anda tidak mendaftar, abaikan email ini.',
    }),
  },
  reset_password: {
    en: (v) => ({
      subject: 'Reset your Sapa password',
      heading: `Hi ${v.name},`,
      intro: 'We received a request to reset your password.',
      button: 'Choose a new password',
      outro:
        'The link is valid for 1 hour. If you did not ask for this, you can ignore this email.',
    }),
    id: (v) => ({
      subject: 'Atur ulang kata sandi Sapa Anda',
      heading: `Halo ${v.name},`,
      intro: 'Kami menerima permintaan untuk mengatur ulang kata sandi Anda.',
      button: 'Buat kata sandi baru',
      outro: 'Tautan berlaku selama 1 jam. Jika Anda tidak memintanya, abaikan email ini.',
    }),
  },
  invite: {
    en: (v) => ({
      subject: `${v.inviter} invited you to ${v.company} on Sapa`,
      heading: `Hi ${v.name},`,
      intro: `${v.inviter} invited you to join ${v.company} on Sapa as ${v.role}.`,
      button: 'Set your password',
      outro: 'The invitation is valid for 7 days.',
    }),
    id: (v) => ({
      subject: `${v.inviter} mengundang Anda ke ${v.company} di Sapa`,
      heading: `Halo ${v.name},`,
      intro: `${v.inviter} mengundang Anda bergabung dengan ${v.company} di Sapa sebagai ${v.role}.`,
      button: 'Buat kata sandi',
      outro: 'Undangan berlaku selama 7 hari.',
    }),
  },
  low_balance: {
    en: (v) => ({
      subject: `Your Sapa balance is low: ${v.balance}`,
      heading: `Hi ${v.name},`,
      intro: `The balance of ${v.company} is ${v.balance}, below the ${v.threshold} you asked us to warn you about. Conversations stop once it falls under the minimum balance of ${v.minimum}.`,
      button: 'Top up now',
      outro:
        'We send this once; the next warning comes after the balance has been topped up and runs low again.',
    }),
    id: (v) => ({
      subject: `Saldo Sapa Anda menipis: ${v.balance}`,
      heading: `Halo ${v.name},`,
      intro: `Saldo ${v.company} tinggal ${v.balance}, di bawah batas peringatan ${v.threshold}. Percakapan berhenti bila saldo turun di bawah saldo minimum ${v.minimum}.`,
      button: 'Isi saldo sekarang',
      outro:
        'Email ini dikirim sekali; peringatan berikutnya datang setelah saldo diisi ulang lalu menipis lagi.',
    }),
  },
  // Issue 17 §3: `problem` is `token` (Meta refused the token) or `access` (the token may no
  // longer act for the channel).
  channel_attention: {
    en: (v) => ({
      subject: `${v.channel} needs attention: Meta refused its access token`,
      heading: `Hi ${v.name},`,
      intro:
        v.problem === 'token'
          ? `Meta refused the access token of ${v.channel} (${v.company}): it was revoked, expired or replaced. Messages on this channel are not going out until you edit the channel with a new token.`
          : `Meta no longer lets the token of ${v.channel} (${v.company}) act for it. Messages on this channel are not going out until you check its ids and token and edit the channel.`,
      button: 'Fix the channel',
      outro:
        'We send this once per problem; the channel shows "needs attention" in Integration until it works again.',
    }),
    id: (v) => ({
      subject: `${v.channel} perlu perhatian: Meta menolak access token-nya`,
      heading: `Halo ${v.name},`,
      intro:
        v.problem === 'token'
          ? `Meta menolak access token ${v.channel} (${v.company}): token dicabut, kedaluwarsa, atau diganti. Pesan di kanal ini tidak terkirim sampai Anda mengubah kanal dengan token baru.`
          : `Meta tidak lagi mengizinkan token ${v.channel} (${v.company}) bertindak untuk kanal ini. Pesan di kanal ini tidak terkirim sampai Anda memeriksa ID dan tokennya lalu mengubah kanal.`,
      button: 'Perbaiki kanal',
      outro:
        'Email ini dikirim sekali per masalah; kanal ditandai "perlu perhatian" di Integrasi sampai berfungsi lagi.',
    }),
  },
  // Issue 20 §3: the phone (or WhatsApp, after 14 days unused) logged the linked device out, or
  // WhatsApp refused the number (`problem` logged_out | forbidden); Sapa does not retry.
  wabasic_logged_out: {
    en: (v) => ({
      subject: `${v.channel} was unlinked from WhatsApp`,
      heading: `Hi ${v.name},`,
      intro:
        v.problem === 'forbidden'
          ? `WhatsApp refused the number linked as ${v.channel} (${v.company}). Messages on it are not coming in or going out. Check the phone's WhatsApp, then link it again.`
          : `The phone linked as ${v.channel} (${v.company}) logged Sapa out (from Linked devices, or after the phone went 14 days without being used). Messages on it are not coming in or going out until you link it again by scanning a new QR code.`,
      button: 'Link again',
      outro:
        'We send this once per unlink; the channel shows "needs attention" in Integration until it is linked again.',
    }),
    id: (v) => ({
      subject: `${v.channel} terputus dari WhatsApp`,
      heading: `Halo ${v.name},`,
      intro:
        v.problem === 'forbidden'
          ? `WhatsApp menolak nomor yang ditautkan sebagai ${v.channel} (${v.company}). Pesan di nomor ini tidak masuk maupun keluar. Periksa WhatsApp di ponsel, lalu tautkan lagi.`
          : `Ponsel yang ditautkan sebagai ${v.channel} (${v.company}) mengeluarkan Sapa (dari Perangkat tertaut, atau setelah ponsel 14 hari tidak dipakai). Pesan di nomor ini tidak masuk maupun keluar sampai Anda menautkannya lagi dengan memindai kode QR baru.`,
      button: 'Tautkan lagi',
      outro:
        'Email ini dikirim sekali setiap kali terputus; kanal ditandai "perlu perhatian" di Integrasi sampai ditautkan lagi.',
    }),
  },
  // Issue 19 §5: an endpoint that kept failing for 3 days (`reason` failing) or answered 410
  // (`reason` gone) was switched off; events for it are no longer queued.
  webhook_disabled: {
    en: (v) => ({
      subject: `Sapa stopped sending webhooks to ${v.url}`,
      heading: `Hi ${v.name},`,
      intro:
        v.reason === 'gone'
          ? `The webhook endpoint ${v.url} of ${v.company} answered 410 Gone, so Sapa disabled it and stopped sending it events.`
          : `The webhook endpoint ${v.url} of ${v.company} has failed every delivery for 3 days, so Sapa disabled it and stopped sending it events.`,
      button: 'Review webhooks',
      outro:
        'Fix the receiver, enable the endpoint again and replay the failed deliveries from its log.',
    }),
    id: (v) => ({
      subject: `Sapa berhenti mengirim webhook ke ${v.url}`,
      heading: `Halo ${v.name},`,
      intro:
        v.reason === 'gone'
          ? `Endpoint webhook ${v.url} milik ${v.company} menjawab 410 Gone, jadi Sapa menonaktifkannya dan berhenti mengirim event ke sana.`
          : `Endpoint webhook ${v.url} milik ${v.company} gagal menerima setiap pengiriman selama 3 hari, jadi Sapa menonaktifkannya dan berhenti mengirim event ke sana.`,
      button: 'Tinjau webhook',
      outro:
        'Perbaiki penerimanya, aktifkan lagi endpoint-nya, lalu kirim ulang pengiriman yang gagal dari log-nya.',
    }),
  },
};

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Renders a transactional email as HTML and plain text in the user's language. */
export function renderMail(
  template: MailTemplate,
  language: Language,
  vars: Record<string, string> & { link: string },
) {
  const c = COPY[template][language](vars);
  const text = `${c.heading}\n\n${c.intro}\n\n${c.button}: ${vars.link}\n\n${c.outro}\n\n— Sapa`;
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:22px;font-weight:bold;color:#0b7a66;padding-bottom:16px">Sapa</td></tr>
<tr><td style="font-size:18px;font-weight:bold;padding-bottom:8px">${escape(c.heading)}</td></tr>
<tr><td style="font-size:15px;line-height:22px;padding-bottom:24px">${escape(c.intro)}</td></tr>
<tr><td style="padding-bottom:24px"><a href="${escape(vars.link)}" style="background:#0b7a66;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold;display:inline-block">${escape(c.button)}</a></td></tr>
<tr><td style="font-size:13px;color:#52606d;line-height:20px">${escape(c.outro)}<br><br><a href="${escape(vars.link)}" style="color:#0b7a66;word-break:break-all">${escape(vars.link)}</a></td></tr>
</table></td></tr></table></body></html>`;
  return { subject: c.subject, html, text };
}
