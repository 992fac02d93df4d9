import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption of small secrets at rest (third-party OAuth tokens): AES-256-GCM with
 * a 96-bit random nonce (NIST SP 800-38D §8.2.2) and a 128-bit tag. `context` is bound as
 * additional data, so a value copied into another rider's row does not decrypt there.
 * Stored form: `v1.<nonce>.<tag>.<ciphertext>`, each part base64url.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
  }

  seal(plaintext: string, context: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', nonce, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** Throws when the value was altered, sealed under another key or for another context. */
  open(sealed: string, context: string): string {
    const [version, nonce, tag, body] = sealed.split('.');
    if (version !== 'v1' || nonce === undefined || tag === undefined || body === undefined)
      throw new Error('not a sealed value');
    // Only full 128-bit tags: GCM would otherwise accept a tag cut down to 4 bytes, which is far
    // easier to forge (NIST SP 800-38D §5.2.1.2, Appendix C).
    const tagBytes = Buffer.from(tag, 'base64url');
    if (tagBytes.length !== 16) throw new Error('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'), {
      authTagLength: 16,
    });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
