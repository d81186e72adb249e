import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { libraryPasswordHasher, type PasswordHasher } from '../auth/password-hasher';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: string,
  keylen: number,
  options: object,
) => Promise<Buffer>;
const PREFIX = 'test-scrypt';
// A sixty-fourth of the library's work factor: the suite signs in more than a thousand times,
// and each library hash costs a core about 100 ms. auth/password-hasher.test.ts pins that
// production apps keep the library's.
const COST = { N: 1024, r: 4, p: 1 };

/**
 * The suite's password hasher: scrypt with a low cost, in a format of its own. A hash the
 * library made (an account written by the CLI code in a test) is still checked by the library.
 */
export const testPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    const key = await scryptAsync(password.normalize('NFKC'), salt, 32, COST);
    return `${PREFIX}:${salt}:${key.toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [prefix, salt, key] = hash.split(':');
    if (prefix !== PREFIX || !salt || !key) return libraryPasswordHasher.verify({ hash, password });
    const actual = await scryptAsync(password.normalize('NFKC'), salt, 32, COST);
    return timingSafeEqual(actual, Buffer.from(key, 'hex'));
  },
};
