import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The authenticator apps' secrets at rest (issue 34): AES-256-GCM under a key derived (HKDF-SHA-256) from
 * SECOND_FACTOR_KEY, written `v1.<iv>.<tag>.<ciphertext>` (base64url). A database dump alone never gives a secret.
 * Outside production without the variable, a fixed development key is used (the demo's data is public anyway).
 */
const DEVELOPMENT_KEY = 'northbound-development-second-factor-key-not-for-production';

export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    this.key = Buffer.from(hkdfSync('sha256', keyMaterial, 'northbound-portal', 'totp-secrets', 32));
  }

  /** The box of env (null in production without SECOND_FACTOR_KEY: authenticator apps cannot be set up there). */
  static fromEnv(env: { NODE_ENV: string; SECOND_FACTOR_KEY?: string | undefined }): SecretBox | null {
    if (env.SECOND_FACTOR_KEY) return new SecretBox(env.SECOND_FACTOR_KEY);
    return env.NODE_ENV === 'production' ? null : new SecretBox(DEVELOPMENT_KEY);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
  }

  open(box: string): string {
    const [version, iv, tag, sealed] = box.split('.');
    if (version !== 'v1' || !iv || !tag || sealed === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  }
}
