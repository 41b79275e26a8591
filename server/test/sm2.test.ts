import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import type * as SmCrypto from 'sm-crypto';
import { sm2Decrypt, sm2KeysFor } from '../src/modules/auth/sm2';

// the web's own copy of its SM2 library, as its sign-in form loads it
const webRequire = createRequire(new URL('../../web/package.json', import.meta.url));
const { sm2: web } = webRequire('sm-crypto') as typeof SmCrypto;
/** The web's sign-in encryption (web/src/api/auth.ts): cipher mode 0, C1C2C3. */
const encrypt = (plain: string, publicKey: string) => web.doEncrypt(plain, publicKey, 0);

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
