import WebSocket from 'ws';
import { messagesOfFrame, type PageTopic, SOCKET_PATH } from '#contracts';
import { SENT_AT_LINES, decodeSentAt } from './loadFleet';
import { now } from './stats';

interface PushedLines {
  type: string;
  payload: { hexacode: string; department: number; subDepartment: number; lines: PushedLine[] };
}
interface PushedLine {
  number: number;
  status: string;
  value: string | null;
}

/**
 * A browser's live socket (src/contracts/socket.ts) in Node: signs in with a token, subscribes to its
 * pages, and keeps each page's lines as the SPA does, since the server sends only the lines that changed. Each
 * new send time the lines spell is a delivery: `sent` holds them (ms since the bench's epoch) and `latency` how
 * long each took to arrive.
 */
export class LoadSocket {
  readonly sent: number[] = [];
  readonly latency: number[] = [];
  private readonly pages = new Map<string, Map<number, number>>();
  private readonly lastSent = new Map<string, number>();
  private socket: WebSocket | undefined;
  private expectedPages = 0;
  private ready: (() => void) | undefined;

  constructor(private readonly epoch: number) {}

  /** Resolves once every page has answered its snapshot, i.e. every subscription is in place. */
  async open(port: number, token: string, topics: PageTopic[]): Promise<void> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${SOCKET_PATH}?Authorization=${token}`, {
      headers: { host: `localhost:${port}` },
    });
    this.socket = socket;
    socket.on('message', (data: Buffer) => this.receive(data.toString()));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const subscribed = new Promise<void>((resolve) => (this.ready = resolve));
    this.expectedPages = topics.length;
    for (const topic of topics) socket.send(JSON.stringify({ type: 'Subscribe', payload: topic }));
    await subscribed;
  }

  private receive(text: string): void {
    const at = now();
    if (!text.startsWith('{') && !text.startsWith('[')) return;
    const frame = JSON.parse(text) as PushedLines | PushedLines[];
    for (const message of messagesOfFrame(frame)) this.take(message, at);
  }

  private take(message: PushedLines, at: number): void {
    if (message.type !== 'LineValues') return;
    const { hexacode, department, subDepartment, lines } = message.payload;
    const key = `${hexacode}:${department}.${subDepartment}`;
    let page = this.pages.get(key);
    if (!page) {
      // A page's first message is its snapshot: once all have come, every subscription is in place.
      this.pages.set(key, (page = new Map()));
      if (this.pages.size === this.expectedPages) this.ready?.();
    }
    for (const line of lines)
      if (line.status === 'OK' && line.value !== null)
        page.set(line.number, Math.round(Number(line.value) * 10));
    const [low, high] = SENT_AT_LINES.map((n) => page.get(n));
    if (low === undefined || high === undefined) return;
    const sent = decodeSentAt(low, high);
    // A page resent whole (a resync after lagging) repeats a send time, or an older one if a newer update
    // overtook it: only a newer time than the page had is a delivery.
    if (sent <= (this.lastSent.get(key) ?? -Infinity)) return;
    this.lastSent.set(key, sent);
    this.sent.push(sent);
    this.latency.push(at - this.epoch - sent);
  }

  close(): void {
    this.socket?.close();
  }
}

/**
 * The pages each socket watches: socket s is on instance s % 2 and watches every department of `perSocket`
 * consecutive devices, so that each instance's sockets together watch the whole fleet once (fan-out: every
 * update goes to one socket on each instance).
 */
export function watchedDevices(socket: number, sockets: number, devices: number): number[] {
  const perInstance = Math.ceil(sockets / 2);
  const perSocket = Math.ceil(devices / perInstance);
  const first = Math.floor(socket / 2) * perSocket;
  return Array.from({ length: perSocket }, (_, i) => first + i).filter((d) => d < devices);
}
