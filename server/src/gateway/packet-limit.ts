import { Duplex } from 'node:stream';
import type { Socket } from 'node:net';

/**
 * Reads the fixed header of each MQTT packet as it streams past and fails as soon as one announces a body larger
 * than `maxBytes`, before that body is buffered: Aedes itself would accept packets of up to 256 MB.
 */
class PacketSizeCheck {
  /** Bytes of the current packet's body still to pass; -1 while reading a fixed header. */
  private bodyLeft = -1;
  private headerBytes = 0;
  private length = 0;

  constructor(private readonly maxBytes: number) {}

  /** What is wrong with the stream once `chunk` has passed, or null. */
  check(chunk: Buffer): string | null {
    let at = 0;
    while (at < chunk.length) {
      if (this.bodyLeft > 0) {
        const skip = Math.min(this.bodyLeft, chunk.length - at);
        this.bodyLeft -= skip;
        at += skip;
        if (this.bodyLeft === 0) this.bodyLeft = -1;
        continue;
      }
      const byte = chunk[at++]!;
      if (this.headerBytes === 0) {
        this.headerBytes = 1; // the packet type and flags
        this.length = 0;
        continue;
      }
      // Remaining length: up to four bytes, seven bits each, least significant first.
      this.length += (byte & 0x7f) * 128 ** (this.headerBytes - 1);
      this.headerBytes++;
      if (this.length > this.maxBytes) return `MQTT packet over ${this.maxBytes} bytes`;
      if ((byte & 0x80) === 0) {
        this.headerBytes = 0;
        this.bodyLeft = this.length === 0 ? -1 : this.length;
      } else if (this.headerBytes > 4) {
        return 'malformed MQTT remaining length';
      }
    }
    return null;
  }
}

/**
 * The socket as Aedes should see it: what it reads has passed the packet size check; what it writes in one turn of
 * the event loop leaves in one system call. Aedes writes each packet to a client in a turn of its own
 * (setImmediate), in pieces (header, topic, payload); the socket sends without Nagle's delay, so written as they
 * come each piece was a system call and a TCP segment of its own, which cost the gateway a third of its throughput.
 * Corked until the next turn, they leave together, a millisecond at most later.
 */
class LimitedSocket extends Duplex {
  private corked = false;

  constructor(
    private readonly socket: Socket,
    maxBytes: number,
  ) {
    super();
    const size = new PacketSizeCheck(maxBytes);
    socket.on('data', (chunk: Buffer) => {
      const problem = size.check(chunk);
      if (problem) return this.destroy(new Error(problem));
      if (!this.push(chunk)) socket.pause();
    });
    socket.once('end', () => this.push(null));
    socket.once('error', (error) => this.destroy(error));
    socket.once('close', () => this.destroy());
  }

  override _read(): void {
    this.socket.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    if (!this.corked) {
      this.corked = true;
      this.socket.cork();
      setImmediate(() => {
        this.corked = false;
        this.socket.uncork();
      });
    }
    // The socket's own buffer is the backpressure: past its high-water mark, wait until it drains.
    if (this.socket.write(chunk)) done();
    else this.socket.once('drain', () => done());
  }

  override _final(done: () => void): void {
    this.socket.end(done);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    // What was written before goes out first (a refused CONNECT's CONNACK, then the close).
    if (this.corked) this.socket.uncork();
    this.socket.destroy();
    done(error);
  }
}

/** The socket as Aedes should see it (LimitedSocket). */
export function limitPacketSize(socket: Socket, maxBytes: number): Duplex {
  return new LimitedSocket(socket, maxBytes);
}
