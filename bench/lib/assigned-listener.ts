// Runs in its own process so the load generator's busy event loop never delays receipt: records
// when each `chat.assigned` arrives (epoch ms), by the customer's id, and hands the list back over
// IPC on request.
import { io } from 'socket.io-client';

const [url, token] = [process.env.LISTEN_URL ?? '', process.env.LISTEN_TOKEN ?? ''];
const received: [string, number][] = [];
const socket = io(url, { auth: { token }, transports: ['websocket'] });
socket.on('chat.assigned', (e: { chat: { identifier: string; agent: unknown } }) => {
  if (e.chat.agent) received.push([e.chat.identifier, Date.now()]);
});
socket.on('connect', () => process.send?.({ type: 'ready' }));
socket.on('connect_error', (err) => process.send?.({ type: 'error', message: err.message }));
process.on('message', (m: { type: string }) => {
  if (m.type !== 'report') return;
  process.send?.({ type: 'report', received }, () => {
    socket.disconnect();
    process.exit(0);
  });
});
