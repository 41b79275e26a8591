import fs from 'node:fs';
import path from 'node:path';
import { sm2 } from 'sm-crypto-v2';

/** The server's SM2 key pair: `publicKey` the uncompressed point `04‖X‖Y` (130 hex), `privateKey` the hex of `d`. */
export interface Sm2Keys {
  publicKey: string;
  privateKey: string;
}

/** sm-crypto's cipher mode 0: C1‖C2‖C3, as the public Saber and Sword clients encrypt. */
const C1C2C3 = 0;
const KEY_FILE = 'sm2-keys.json';
const HEX = /^[0-9a-f]+$/i;

/** A pair belongs together when a signature made with the private key verifies with the public one. */
function matches(keys: Sm2Keys): boolean {
  try {
    const probe = 'sm2-key-pair-check';
    const signature = sm2.doSignature(probe, keys.privateKey, { hash: true, publicKey: keys.publicKey });
    return sm2.doVerifySignature(probe, signature, keys.publicKey, { hash: true });
  } catch {
    return false;
  }
}

/**
 * The key pair: `SM2_PRIVATE_KEY` (with `SM2_PUBLIC_KEY`, or the public key derived from it), else
 * the pair kept in `DATA_DIR/sm2-keys.json`, else a new pair written there, so the public key a
 * client was configured with stays valid across restarts. A configured pair that does not belong
 * together stops the start.
 */
export function sm2KeysFor(dataDir: string, privateKey?: string, publicKey?: string): Sm2Keys {
  if (privateKey) {
    if (!HEX.test(privateKey)) throw new Error('SM2_PRIVATE_KEY must be hex');
    const keys = { privateKey, publicKey: publicKey || sm2.getPublicKeyFromPrivateKey(privateKey) };
    if (!matches(keys)) throw new Error('SM2_PUBLIC_KEY does not belong to SM2_PRIVATE_KEY');
    return keys;
  }
  if (publicKey) throw new Error('SM2_PUBLIC_KEY is set without SM2_PRIVATE_KEY');
  const file = path.join(dataDir, KEY_FILE);
  if (fs.existsSync(file)) {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Sm2Keys>;
    if (kept.privateKey && kept.publicKey && matches(kept as Sm2Keys)) return kept as Sm2Keys;
    throw new Error(`${file} does not hold a usable SM2 key pair; remove it to generate a new one`);
  }
  const fresh = sm2.generateKeyPairHex();
  const keys = { publicKey: fresh.publicKey, privateKey: fresh.privateKey };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}

/**
 * The plain text of an SM2 ciphertext (hex C1‖C2‖C3, C1 with or without its leading `04`), or ''
 * when it does not decrypt under this key (garbage, another key, a tampered text): sm-crypto-v2
 * refuses a C1 off the curve and checks C3, the hash over the plain text, answering '' on a mismatch.
 * It decrypts what the clients' sm-crypto encrypts, in about half its time (@noble/curves).
 */
export function sm2Decrypt(cipherHex: string, keys: Sm2Keys): string {
  const text = cipherHex.trim().toLowerCase();
  // C1 (128 hex) + C3 (64 hex) and at least one byte of C2
  if (!HEX.test(text) || text.length % 2 !== 0 || text.length < 194) return '';
  const attempt = (hex: string) => {
    try {
      return sm2.doDecrypt(hex, keys.privateKey, C1C2C3, { output: 'string' });
    } catch {
      return '';
    }
  };
  return attempt(text) || (text.startsWith('04') ? attempt(text.slice(2)) : '');
}
