import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { decodeImage, MAX_IMAGE_BYTES, sniffImageType } from './profile-image.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

describe('profile pictures', () => {
  it('sniffs PNG, JPEG and WebP from their first bytes', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(WEBP)).toBe('image/webp');
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
  });

  it('trusts the bytes, not the declared type', () => {
    const declaredJpeg = `data:image/jpeg;base64,${PNG.toString('base64')}`;
    expect(decodeImage(declaredJpeg).mime).toBe('image/png');
    const htmlAsPng = `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script>').toString('base64')}`;
    expect(() => decodeImage(htmlAsPng)).toThrow('Please choose a PNG, JPEG or WebP image.');
  });

  it('refuses broken base64 and pictures over 2 MB', () => {
    expect(() => decodeImage('data:image/png;base64,@@@')).toThrow('The image could not be read.');
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)]);
    try {
      decodeImage(`data:image/png;base64,${big.toString('base64')}`);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('payload_too_large');
    }
  });
});
