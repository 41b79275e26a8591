import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The server's SM2 key pair: `publicKey` the uncompressed point `04‖X‖Y` (130 hex), `privateKey` the hex of `d`. */
export interface Sm2Keys {
  readonly publicKey: string;
  readonly privateKey: string;
}

const KEY_FILE = 'sm2-keys.json';
const HEX = /^[0-9a-f]+$/i;
/** Bytes of a coordinate, of `d` and of an SM3 digest. */
const BYTES = 32;

/** An ECDH on the SM2 curve holding `d`; the hex is padded so an odd length or a short `d` stays whole. */
function ecdhFor(privateKey: string): crypto.ECDH {
  const ecdh = crypto.createECDH('SM2');
  const even = privateKey.length % 2 ? `0${privateKey}` : privateKey;
  ecdh.setPrivateKey(Buffer.from(even.padStart(2 * BYTES, '0'), 'hex'));
  return ecdh;
}

/** The public key of `d` as the key file holds it: `04‖X‖Y`, lower case hex, 130 characters. */
function publicKeyOf(privateKey: string): string {
  return ecdhFor(privateKey).getPublicKey('hex', 'uncompressed');
}

/** The derived public key of a configured `SM2_PRIVATE_KEY`, refusing one that is no SM2 key (0, ≥ n). */
function derivedPublicKey(privateKey: string): string {
  try {
    return publicKeyOf(privateKey);
  } catch {
    throw new Error('SM2_PRIVATE_KEY is not an SM2 private key');
  }
}

/** A pair belongs together when the public key is d·G (compared as uncompressed points). */
function matches(keys: Sm2Keys): boolean {
  try {
    const given = crypto.ECDH.convertKey(keys.publicKey, 'SM2', 'hex', 'hex', 'uncompressed');
    return given === publicKeyOf(keys.privateKey);
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
    const keys = { privateKey, publicKey: publicKey || derivedPublicKey(privateKey) };
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
  const fresh = crypto.createECDH('SM2');
  fresh.generateKeys();
  // the hex of d padded to 64, as sm-crypto writes it
  const keys = {
    publicKey: fresh.getPublicKey('hex', 'uncompressed'),
    privateKey: fresh.getPrivateKey('hex').padStart(2 * BYTES, '0'),
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}

/** Per key pair, since creating the ECDH and setting `d` costs about a third of a decryption. */
const ecdhByKeys = new WeakMap<Sm2Keys, crypto.ECDH>();

function ecdhOf(keys: Sm2Keys): crypto.ECDH {
  let ecdh = ecdhByKeys.get(keys);
  if (!ecdh) ecdhByKeys.set(keys, (ecdh = ecdhFor(keys.privateKey)));
  return ecdh;
}

/**
 * Both y of the curve's points at x (OpenSSL's ECDH answers x only): OpenSSL decompresses x with
 * either parity (`02‖x`, `03‖x`); none when x is on no point.
 */
function ysAt(x: Buffer): Buffer[] {
  const ys: Buffer[] = [];
  for (const parity of [0x02, 0x03]) {
    try {
      const compressed = Buffer.concat([Buffer.from([parity]), x]);
      const point = crypto.ECDH.convertKey(compressed, 'SM2', undefined, undefined, 'uncompressed');
      ys.push(Buffer.from(point).subarray(1 + BYTES));
    } catch {
      // x is on no point of the curve
    }
  }
  return ys;
}

/** GB/T 32918.4's KDF: SM3(Z‖ct) for ct = 1, 2, … (32-bit big-endian), cut to `length` bytes. */
function kdf(z: Buffer, length: number): Buffer {
  const blocks: Buffer[] = [];
  const counter = Buffer.alloc(4);
  for (let ct = 1; blocks.length * BYTES < length; ct++) {
    counter.writeUInt32BE(ct);
    blocks.push(crypto.createHash('sm3').update(z).update(counter).digest());
  }
  return Buffer.concat(blocks).subarray(0, length);
}

/** M of C1‖C2‖C3 under this key, or undefined when C1 is off the curve or C3 does not match. */
function decrypt(cipher: Buffer, keys: Sm2Keys): Buffer | undefined {
  const c1 = Buffer.concat([Buffer.from([0x04]), cipher.subarray(0, 2 * BYTES)]);
  const c2 = cipher.subarray(2 * BYTES, cipher.length - BYTES);
  const c3 = cipher.subarray(cipher.length - BYTES);
  if (c2.length === 0) return undefined;
  let x2: Buffer;
  try {
    x2 = ecdhOf(keys).computeSecret(c1); // x of d·C1; throws for a C1 off the curve
  } catch {
    return undefined;
  }
  // y2 is the one of the two whose C3 matches
  for (const y2 of ysAt(x2)) {
    const t = kdf(Buffer.concat([x2, y2]), c2.length);
    if (t.every((byte) => byte === 0)) continue;
    const m = Buffer.alloc(c2.length);
    for (let i = 0; i < m.length; i++) m[i] = c2[i]! ^ t[i]!;
    const hash = crypto.createHash('sm3').update(x2).update(m).update(y2).digest();
    if (crypto.timingSafeEqual(hash, c3)) return m;
  }
  return undefined;
}

/**
 * The plain text of an SM2 ciphertext in sm-crypto's cipher mode 0 (hex C1‖C2‖C3, C1 with or
 * without its leading `04`, as the public Saber and Sword clients encrypt), or '' when it does not
 * decrypt under this key (garbage, another key, a tampered text, a C1 off the curve). OpenSSL does
 * the point multiplication; the text is read as UTF-8 (bytes that are not UTF-8 become U+FFFD).
 */
export function sm2Decrypt(cipherHex: string, keys: Sm2Keys): string {
  const text = cipherHex.trim();
  // C1 (128 hex) + C3 (64 hex) and at least one byte of C2
  if (!HEX.test(text) || text.length % 2 !== 0 || text.length < 194) return '';
  const attempt = (hex: string) => decrypt(Buffer.from(hex, 'hex'), keys)?.toString('utf8') ?? '';
  return attempt(text) || (text.startsWith('04') ? attempt(text.slice(2)) : '');
}
