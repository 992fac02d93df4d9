import { gunzipSync, gzipSync } from 'node:zlib';
import { type ActivityStreams, CHANNELS, type ChannelName } from '@vatio/formats';

// One compressed binary blob per activity (DESIGN §2): a small versioned header, then one array
// per channel. Positions, time and distance keep float64 (float32 would round a latitude to
// about a metre); the other channels fit float32 exactly enough for their sensors.
const MAGIC = 'VST1';
export const STREAM_CODEC_VERSION = 1;
const FLOAT64_CHANNELS = new Set<string>(['latDeg', 'lngDeg', 'distanceM']);

interface Header {
  length: number;
  channels: { name: ChannelName; type: 'f32' | 'f64' }[];
}

export function encodeStreams(streams: ActivityStreams): Buffer {
  const length = streams.timeS.length;
  const channels: Header['channels'] = [];
  const parts: Buffer[] = [
    Buffer.from(streams.timeS.buffer, streams.timeS.byteOffset, streams.timeS.byteLength),
  ];
  parts.push(Buffer.from(streams.gapMask.buffer, streams.gapMask.byteOffset, streams.gapMask.byteLength));
  for (const name of CHANNELS) {
    const values = streams[name];
    if (!values) continue;
    const type = FLOAT64_CHANNELS.has(name) ? 'f64' : 'f32';
    channels.push({ name, type });
    const typed = type === 'f64' ? values : Float32Array.from(values);
    parts.push(Buffer.from(typed.buffer, typed.byteOffset, typed.byteLength));
  }
  const header = Buffer.from(JSON.stringify({ length, channels } satisfies Header), 'utf8');
  const headerLength = Buffer.alloc(4);
  headerLength.writeUInt32LE(header.length);
  return gzipSync(Buffer.concat([Buffer.from(MAGIC), headerLength, header, ...parts]), { level: 6 });
}

export function decodeStreams(blob: Uint8Array): ActivityStreams {
  const raw = gunzipSync(blob);
  if (raw.subarray(0, 4).toString() !== MAGIC) throw new Error('not a Vatio stream blob');
  const headerLength = raw.readUInt32LE(4);
  const header = JSON.parse(raw.subarray(8, 8 + headerLength).toString('utf8')) as Header;
  // Each array is copied out of the blob (slice), which also gives it the alignment typed arrays need.
  const view = (offset: number, bytes: number) =>
    raw.buffer.slice(raw.byteOffset + offset, raw.byteOffset + offset + bytes);
  const n = header.length;
  let offset = 8 + headerLength;
  const timeS = new Float64Array(view(offset, n * 8));
  offset += n * 8;
  const gapMask = new Uint8Array(view(offset, n));
  offset += n;
  const streams: ActivityStreams = { timeS, gapMask };
  for (const { name, type } of header.channels) {
    if (type === 'f64') {
      streams[name] = new Float64Array(view(offset, n * 8));
      offset += n * 8;
    } else {
      streams[name] = Float64Array.from(new Float32Array(view(offset, n * 4)));
      offset += n * 4;
    }
  }
  return streams;
}
