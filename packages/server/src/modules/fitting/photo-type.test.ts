import { describe, expect, test } from 'vitest';
import { detectPhotoType } from './photo-type.ts';

describe('photo type by magic bytes', () => {
  test('JPEG, PNG and WebP by their signatures', () => {
    expect(detectPhotoType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]))).toBe('image/jpeg');
    expect(detectPhotoType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe(
      'image/png',
    );
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
    expect(detectPhotoType(webp)).toBe('image/webp');
  });

  test('anything else, or too short, is not a photo', () => {
    expect(detectPhotoType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectPhotoType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    // A RIFF that is not WebP (a WAV file).
    expect(
      detectPhotoType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE')])),
    ).toBeNull();
    expect(detectPhotoType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(detectPhotoType(Buffer.alloc(0))).toBeNull();
  });
});
