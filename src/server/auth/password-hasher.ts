import { hashPassword, verifyPassword } from 'better-auth/crypto';

/** How account passwords are hashed and checked: sign-up, sign-in, reset, the CLI, the seed. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/** The auth library's own scrypt (N=16384, r=16): what every deployment uses. */
export const libraryPasswordHasher: PasswordHasher = {
  hash: hashPassword,
  verify: verifyPassword,
};
