import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import type * as SmCrypto from 'sm-crypto';
import { sm2 as v2 } from 'sm-crypto-v2';
import { sm2Decrypt, sm2KeysFor, type Sm2Keys } from '../src/modules/auth/sm2';

// the web's own copy of its SM2 library, as its sign-in form loads it
const webRequire = createRequire(new URL('../../web/package.json', import.meta.url));
const { sm2: web } = webRequire('sm-crypto') as typeof SmCrypto;
/** The web's sign-in encryption (web/src/api/auth.ts): cipher mode 0, C1C2C3. */
const encrypt = (plain: string, publicKey: string) => web.doEncrypt(plain, publicKey, 0);
/** The same with sm-crypto-v2 (the server's former library, on @noble/curves): a second encryptor and decryptor. */
const encryptV2 = (plain: string | Uint8Array, publicKey: string) => v2.doEncrypt(plain, publicKey, 0);
const decryptV2 = (cipher: string, keys: Sm2Keys) =>
  v2.doDecrypt(cipher, keys.privateKey, 0, { output: 'string' });

const dirs: string[] = [];
const keysIn = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-sm2-'));
  dirs.push(dir);
  return sm2KeysFor(dir);
};
afterAll(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const PASSWORDS = [
  'admin',
  'Demo@2025',
  'Plain-pass-1!',
  '密码是中文的',
  ' spaces and "quotes" & =;',
  'x'.repeat(300),
  '🙂',
];

describe('SM2 between the web and the server', () => {
  it('decrypts on the server what the web encrypts, under a key the server generated', () => {
    const keys = keysIn();
    for (const password of PASSWORDS) {
      const cipher = encrypt(password, keys.publicKey);
      expect(sm2Decrypt(cipher, keys), password).toBe(password);
      // Sword sends C1 with its leading 04, some clients upper case
      expect(sm2Decrypt(`04${cipher}`, keys), password).toBe(password);
      expect(sm2Decrypt(cipher.toUpperCase(), keys), password).toBe(password);
    }
  });

  it('takes a key pair the web’s library generated', () => {
    const pair = web.generateKeyPairHex();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-sm2-'));
    dirs.push(dir);
    expect(sm2KeysFor(dir, pair.privateKey)).toEqual(pair);
    expect(sm2Decrypt(encrypt('admin', pair.publicKey), pair)).toBe('admin');
  });

  it('answers nothing for another key, another cipher mode or a tampered text', () => {
    const keys = keysIn();
    const other = keysIn();
    const cipher = encrypt('admin', keys.publicKey);
    expect(sm2Decrypt(encrypt('admin', other.publicKey), keys)).toBe('');
    // C1C3C2 (the library's default mode) is not the mode the clients use
    expect(sm2Decrypt(web.doEncrypt('admin', keys.publicKey, 1), keys)).toBe('');
    const flip = (at: number) =>
      cipher.slice(0, at) + (cipher[at] === '0' ? '1' : '0') + cipher.slice(at + 1);
    // in C1 (the point), in C2 (the text), in C3 (the hash)
    for (const at of [10, 130, cipher.length - 5]) expect(sm2Decrypt(flip(at), keys), String(at)).toBe('');
    for (const garbage of ['', 'zz', 'ab'.repeat(120), '04'.repeat(97), cipher.slice(0, 192)])
      expect(sm2Decrypt(garbage, keys), garbage).toBe('');
  });
});

/** A seeded generator, so that a failing text comes back on the next run. */
function randomFrom(seed: number) {
  return (below: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % below;
  };
}

/** A text of exactly `bytes` UTF-8 bytes: ASCII, Latin (2 bytes), Chinese (3) and emoji (4) as `kinds` allows. */
function textOf(bytes: number, kinds: number, random: (below: number) => number): string {
  const chars = [
    () => String.fromCharCode(0x20 + random(0x5f)),
    () => String.fromCharCode(0xa1 + random(0x5e)),
    () => String.fromCharCode(0x4e00 + random(0x5000)),
    () => String.fromCodePoint(0x1f600 + random(0x40)),
  ];
  let text = '';
  for (let left = bytes; left > 0;) {
    const size = 1 + random(Math.min(kinds, left));
    text += chars[size - 1]!();
    left -= size;
  }
  return text;
}

describe('SM2 decryption on Node’s crypto', () => {
  const keys = keysIn();
  const random = randomFrom(2025);

  it('decrypts what sm-crypto-v2 encrypts, for every length from 1 to 200 bytes, as sm-crypto-v2 does', () => {
    for (let bytes = 1; bytes <= 200; bytes++) {
      // ASCII, then with Latin letters, Chinese and emoji mixed in
      const plain = textOf(bytes, 1 + (bytes % 4), random);
      expect(Buffer.byteLength(plain)).toBe(bytes);
      const cipher = encryptV2(plain, keys.publicKey);
      expect(sm2Decrypt(cipher, keys), plain).toBe(plain);
      expect(sm2Decrypt(`04${cipher}`, keys), plain).toBe(plain);
      expect(decryptV2(cipher, keys), plain).toBe(plain);
    }
  });

  it('decrypts what the web encrypts: passwords, ASCII, Chinese and mixed texts up to 200 bytes', () => {
    const texts = [
      ...PASSWORDS,
      '管理员密码2025',
      ...[1, 31, 32, 33, 64, 65, 97, 128, 200].map((bytes) => textOf(bytes, 1, random)),
      ...[3, 33, 96, 198].map((bytes) => '中文'.repeat(bytes).slice(0, bytes / 3)),
      ...[2, 45, 130, 199].map((bytes) => textOf(bytes, 4, random)),
    ];
    for (const plain of texts) {
      const cipher = encrypt(plain, keys.publicKey);
      expect(sm2Decrypt(cipher, keys), plain).toBe(plain);
      expect(sm2Decrypt(`04${cipher}`, keys), plain).toBe(plain);
      expect(decryptV2(cipher, keys), plain).toBe(plain);
    }
  });

  it('reads the text as UTF-8: bytes that are not UTF-8 (an overlong "a") become U+FFFD', () => {
    const cipher = encryptV2(Uint8Array.from([0x41, 0xc1, 0xa1]), keys.publicKey);
    expect(sm2Decrypt(cipher, keys)).toBe('A\uFFFD\uFFFD');
  });

  it('answers nothing for a C1 off the curve, a tampered C2 or C3, a cut text, another key or garbage', () => {
    const cipher = encrypt('Demo@2025', keys.publicKey);
    const [c1, c2, c3] = [cipher.slice(0, 128), cipher.slice(128, -64), cipher.slice(-64)];
    const lastY = (c1.at(-1) === 'f' ? '0' : 'f') as string;
    const offTheCurve = [
      c1.slice(0, -1) + lastY, // the same x with another y
      '0'.repeat(128),
      'f'.repeat(128),
    ];
    for (const point of offTheCurve) {
      expect(sm2Decrypt(point + c2 + c3, keys), point).toBe('');
      expect(sm2Decrypt(`04${point}${c2}${c3}`, keys), point).toBe('');
    }
    const flip = (hex: string, at: number) =>
      hex.slice(0, at) + (hex[at] === '0' ? '1' : '0') + hex.slice(at + 1);
    for (let at = 0; at < c2.length; at++)
      expect(sm2Decrypt(c1 + flip(c2, at) + c3, keys), `C2 ${at}`).toBe('');
    for (let at = 0; at < c3.length; at += 7)
      expect(sm2Decrypt(c1 + c2 + flip(c3, at), keys), `C3 ${at}`).toBe('');
    // cut: a byte off the end, off C2, the whole C2, C3 only
    for (const cut of [cipher.slice(0, -2), c1 + c2.slice(2) + c3, c1 + c3, `04${c1}${c3}`, c1 + c2])
      expect(sm2Decrypt(cut, keys), cut).toBe('');
    expect(sm2Decrypt(cipher, keysIn())).toBe('');
    const garbage = Array.from({ length: 20 }, (_, i) =>
      Array.from({ length: 194 + 2 * i }, () => '0123456789abcdef'[random(16)]).join(''),
    );
    for (const hex of [...garbage, `${cipher}0`, cipher.slice(1), `${cipher.slice(0, -1)}g`, ` ${cipher} x`])
      expect(sm2Decrypt(hex, keys), hex).toBe('');
  });

  it('writes and derives keys as sm-crypto does: 04‖X‖Y and a 64-hex d', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-sm2-'));
    dirs.push(dir);
    const fresh = sm2KeysFor(dir);
    expect(fresh.publicKey).toMatch(/^04[0-9a-f]{128}$/);
    expect(fresh.privateKey).toMatch(/^[0-9a-f]{64}$/);
    expect(v2.getPublicKeyFromPrivateKey(fresh.privateKey)).toBe(fresh.publicKey);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'sm2-keys.json'), 'utf8'))).toEqual(fresh);
    expect(sm2KeysFor(dir)).toEqual(fresh);
    // a d with leading zeros, written short or in upper case, derives the same point
    const small = '1'.padStart(64, '0');
    for (const d of [small, '1', 'ABC'])
      expect(sm2KeysFor(dir, d).publicKey, d).toBe(
        v2.getPublicKeyFromPrivateKey(d.toLowerCase().padStart(64, '0')),
      );
    expect(sm2KeysFor(dir, small, sm2KeysFor(dir, small).publicKey.toUpperCase()).privateKey).toBe(small);
    // 0 and the group order n are no private keys
    const order = 'fffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54123';
    for (const d of ['0', order]) expect(() => sm2KeysFor(dir, d), d).toThrow(/SM2_PRIVATE_KEY/);
    expect(() => sm2KeysFor(dir, small, '04' + 'f'.repeat(128))).toThrow(/does not belong/);
  });
});
