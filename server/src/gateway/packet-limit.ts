import { Duplex, Transform, type TransformCallback } from 'node:stream';
import type { Socket } from 'node:net';

/**
 * Reads the fixed header of each MQTT packet as it streams past and fails as soon as one announces a body larger
 * than `maxBytes`, before that body is buffered: Aedes itself would accept packets of up to 256 MB.
 */
export class PacketSizeLimit extends Transform {
  /** Bytes of the current packet's body still to pass; -1 while reading a fixed header. */
  private bodyLeft = -1;
  private headerBytes = 0;
  private length = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
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
      if (this.length > this.maxBytes) return done(new Error(`MQTT packet over ${this.maxBytes} bytes`));
      if ((byte & 0x80) === 0) {
        this.headerBytes = 0;
        this.bodyLeft = this.length === 0 ? -1 : this.length;
      } else if (this.headerBytes > 4) {
        return done(new Error('malformed MQTT remaining length'));
      }
    }
    done(null, chunk);
  }
}

/** The socket as Aedes should see it: reads pass the packet size limit, writes go straight out. */
export function limitPacketSize(socket: Socket, maxBytes: number): Duplex {
  const limited = socket.pipe(new PacketSizeLimit(maxBytes));
  limited.once('error', () => socket.destroy());
  return Duplex.from({ readable: limited, writable: socket });
}
