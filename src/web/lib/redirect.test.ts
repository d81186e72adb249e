import { describe, expect, it } from 'vitest';
import { authPathWith, loginPathFor, safeRedirectTarget, sameSitePath } from './redirect';

describe('safeRedirectTarget', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeRedirectTarget('/billing?x=1')).toBe('/billing?x=1');
    expect(safeRedirectTarget('/payment-success?session_id=abc&order_id=7')).toBe(
      '/payment-success?session_id=abc&order_id=7',
    );
    expect(safeRedirectTarget('/settings#security')).toBe('/settings#security');
  });

  it('falls back to /dashboard for anything that could leave the site', () => {
    for (const raw of [
      null,
      undefined,
      '',
      'dashboard',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      ' /dashboard',
    ]) {
      expect(safeRedirectTarget(raw), String(raw)).toBe('/dashboard');
    }
  });

  it('does not send a signed-in user back to the sign-in screens', () => {
    expect(safeRedirectTarget('/login?redirect=/login')).toBe('/dashboard');
    expect(safeRedirectTarget('/register')).toBe('/dashboard');
  });
});

describe('loginPathFor', () => {
  it('encodes the path and query so they survive as one parameter', () => {
    const path = loginPathFor({ pathname: '/billing', search: '?x=1&y=2' });
    expect(path).toBe('/login?redirect=%2Fbilling%3Fx%3D1%26y%3D2');
    const back = new URL(path, 'http://localhost').searchParams.get('redirect');
    expect(safeRedirectTarget(back)).toBe('/billing?x=1&y=2');
  });
});

describe('sameSitePath', () => {
  it('is null for anything but a path on this site, so a return target is only passed on when safe', () => {
    expect(sameSitePath('/invitations/inv_abc')).toBe('/invitations/inv_abc');
    for (const raw of [
      null,
      '',
      'invitations/x',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
    ]) {
      expect(sameSitePath(raw), String(raw)).toBeNull();
    }
    expect(sameSitePath('/register?redirect=/x')).toBeNull();
  });
});

describe('authPathWith', () => {
  it('carries the return target, and the address for /register, as query parameters', () => {
    expect(authPathWith('/login', null)).toBe('/login');
    expect(authPathWith('/login', '/invitations/inv_abc')).toBe('/login?redirect=%2Finvitations%2Finv_abc');
    const path = authPathWith('/register', '/invitations/inv_abc', { email: 'ops+1@example.com' });
    const params = new URL(path, 'http://localhost').searchParams;
    expect(params.get('email')).toBe('ops+1@example.com');
    expect(safeRedirectTarget(params.get('redirect'))).toBe('/invitations/inv_abc');
  });
});
