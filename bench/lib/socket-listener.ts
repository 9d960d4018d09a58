// Runs in its own process so the load generator's busy event loop never delays receipt: records
// when each `new.message.in` arrives (epoch ms) and hands the list back over IPC on request
// (`report`: what arrived since the last report; `stop`: disconnect and exit).
import { io } from 'socket.io-client';

const [url, token] = [process.env.LISTEN_URL ?? '', process.env.LISTEN_TOKEN ?? ''];
const received: [string, number][] = [];
const socket = io(url, { auth: { token }, transports: ['websocket'] });
socket.on('new.message.in', (e: { message: { providerMessageId: string | null } }) => {
  if (e.message.providerMessageId) received.push([e.message.providerMessageId, Date.now()]);
});
socket.on('connect', () => process.send?.({ type: 'ready' }));
socket.on('connect_error', (err) => process.send?.({ type: 'error', message: err.message }));
process.on('message', (m: { type: string }) => {
  if (m.type === 'report') process.send?.({ type: 'report', received: received.splice(0) });
  if (m.type === 'stop') {
    socket.disconnect();
    process.exit(0);
  }
});
