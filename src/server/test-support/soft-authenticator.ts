import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software for the HTTP tests (issue 34): makes an ES256 credential the way a phone or a
 * laptop would (attestation 'none', a discoverable credential with the user handle) and signs sign-in challenges.
 * The browser tests use Chromium's own virtual authenticator instead (e2e/passkeys.spec.ts).
 */
const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface SoftPasskey {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  rpID: string;
  counter: number;
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** Answers registration options (the server's JSON) as the browser would: the new credential and its response. */
export function createPasskey(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string) {
  const rpID = options.rp.id ?? new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(32);
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
  const length = Buffer.alloc(2);
  length.writeUInt16BE(credentialId.length);
  // Flags: user present (0x01), user verified (0x04), attested credential data (0x40); counter 0.
  const authData = Buffer.concat([sha256(rpID), Buffer.from([0x45]), Buffer.alloc(4), Buffer.alloc(16), length, credentialId, Buffer.from(cose)]);
  const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', new Uint8Array(authData)]]) as never);
  const passkey: SoftPasskey = { id: b64url(credentialId), privateKey, userHandle: options.user.id, rpID, counter: 0 };
  const response = {
    id: passkey.id,
    rawId: passkey.id,
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
  return { passkey, response };
}

/** Answers sign-in options with this passkey's signature (the counter goes up by one each time). */
export function signInWith(passkey: SoftPasskey, options: { challenge: string }, origin: string) {
  passkey.counter += 1;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(passkey.counter);
  const authenticatorData = Buffer.concat([sha256(passkey.rpID), Buffer.from([0x05]), counter]);
  const data = clientData('webauthn.get', options.challenge, origin);
  const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(data)]), passkey.privateKey);
  return {
    id: passkey.id,
    rawId: passkey.id,
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64url(data),
      authenticatorData: b64url(authenticatorData),
      signature: b64url(signature),
      userHandle: passkey.userHandle,
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}
