import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, type LookupAll, refusedAddressKind, resolveDeliveryTarget } from './url-guard';

const PUBLIC_V4 = '93.184.215.14';
const PUBLIC_V6 = '2606:2800:21f:cb07:6820:80da:af6b:8b2c';

/** A resolver that answers from a table, so no test depends on the network. */
function lookupFrom(table: Record<string, string[]>): LookupAll {
  return async (hostname) => {
    const addresses = table[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const production = { production: true };
const development = { production: false };

describe('webhook destinations at delivery time, in production', () => {
  const lookup = lookupFrom({
    'hooks.example.com': [PUBLIC_V4, PUBLIC_V6],
    'sneaky.example.com': ['127.0.0.1'],
    'half-private.example.com': [PUBLIC_V4, '10.1.2.3'],
    'metadata.example.com': ['169.254.169.254'],
    'mapped.example.com': ['::ffff:192.168.0.10'],
  });

  it.each([
    ['https://10.0.0.1/hook', 'private'],
    ['https://169.254.169.254/latest/meta-data/', 'cloud metadata'],
    ['https://[::1]/hook', 'loopback'],
    ['https://172.16.0.5/hook', 'private'],
    ['https://192.168.1.1/hook', 'private'],
    ['https://100.64.0.1/hook', 'carrier-grade NAT'],
    ['https://[::ffff:127.0.0.1]/hook', 'loopback'],
    ['https://127.0.0.1/hook', 'loopback'],
    ['https://0.0.0.0/hook', 'unspecified'],
    ['https://[::]/hook', 'unspecified'],
    ['https://[fd00:ec2::254]/hook', 'cloud metadata'],
    ['https://[fe80::1]/hook', 'link-local'],
    ['https://[fc00::5]/hook', 'private'],
    ['https://0x7f.1/hook', 'loopback'],
    ['https://2130706433/hook', 'loopback'],
  ])('refuses %s (%s)', async (url, kind) => {
    const target = await resolveDeliveryTarget(url, { ...production, lookup });
    expect(target.ok).toBe(false);
    if (target.ok) return;
    expect(target.reason).toContain(kind);
  });

  it.each(['sneaky.example.com', 'half-private.example.com', 'metadata.example.com', 'mapped.example.com'])(
    'refuses %s as "not a public address", without saying what it resolves to',
    async (host) => {
      const target = await resolveDeliveryTarget(`https://${host}/hook`, { ...production, lookup });
      expect(target).toEqual({
        ok: false,
        kind: 'refused-address',
        reason: `${host} is not a public address`,
      });
    },
  );

  it('allows an https URL whose every address is public, and hands back the address to connect to', async () => {
    const target = await resolveDeliveryTarget('https://hooks.example.com/panelhub?x=1', {
      ...production,
      lookup,
    });
    expect(target).toMatchObject({ ok: true, address: PUBLIC_V4, family: 4 });
    if (target.ok) expect(target.url.hostname).toBe('hooks.example.com');
    expect(await resolveDeliveryTarget(`https://${PUBLIC_V4}/hook`, production)).toMatchObject({
      ok: true,
      address: PUBLIC_V4,
    });
    expect(await resolveDeliveryTarget(`https://[${PUBLIC_V6}]/hook`, production)).toMatchObject({
      ok: true,
      address: PUBLIC_V6,
      family: 6,
    });
  });

  it('refuses http, even to a public address', async () => {
    const target = await resolveDeliveryTarget(`http://${PUBLIC_V4}/hook`, { ...production, lookup });
    expect(target).toEqual({ ok: false, kind: 'invalid-url', reason: 'URL must use https' });
  });

  it('refuses http://127.0.0.1, the development exception', async () => {
    expect((await resolveDeliveryTarget('http://127.0.0.1:8080/hook', production)).ok).toBe(false);
    expect((await resolveDeliveryTarget('https://127.0.0.1:8443/hook', production)).ok).toBe(false);
  });

  it('reports a name that does not resolve as a DNS failure, worth retrying', async () => {
    const target = await resolveDeliveryTarget('https://gone.example.com/hook', { ...production, lookup });
    expect(target).toMatchObject({ ok: false, kind: 'dns' });
  });

  it('looks the name up again on every delivery, so a changed answer is caught', async () => {
    let answer = PUBLIC_V4;
    const changing: LookupAll = async () => [{ address: answer, family: 4 }];
    expect(
      (await resolveDeliveryTarget('https://rebind.example.com/', { ...production, lookup: changing })).ok,
    ).toBe(true);
    answer = '127.0.0.1';
    expect(
      await resolveDeliveryTarget('https://rebind.example.com/', { ...production, lookup: changing }),
    ).toMatchObject({ ok: false, kind: 'refused-address' });
  });
});

describe('webhook destinations outside production', () => {
  it('allows http://127.0.0.1:PORT, for tests and a local receiver', async () => {
    expect(checkWebhookUrl('http://127.0.0.1:4567/hook', development)).toEqual({
      ok: true,
      url: 'http://127.0.0.1:4567/hook',
    });
    expect(await resolveDeliveryTarget('http://127.0.0.1:4567/hook', development)).toMatchObject({
      ok: true,
      address: '127.0.0.1',
    });
  });

  it('still refuses every other internal address', async () => {
    for (const url of ['http://127.0.0.2/', 'http://[::1]/', 'http://10.0.0.1/', 'http://169.254.169.254/']) {
      expect((await resolveDeliveryTarget(url, development)).ok, url).toBe(false);
    }
    const lookup = lookupFrom({ 'internal.example.com': ['192.168.1.1'] });
    expect((await resolveDeliveryTarget('http://internal.example.com/', { ...development, lookup })).ok).toBe(
      false,
    );
  });
});

describe('webhook URLs when saved', () => {
  it.each([
    ['not a url', 'not a valid URL'],
    ['ftp://hooks.example.com/', 'http or https'],
    ['https://user:pass@hooks.example.com/', 'user name or password'],
    ['https://token@hooks.example.com/', 'user name or password'],
    ['https://hooks.example.com:22/', 'port'],
    ['https://hooks.example.com:25/', 'port'],
    ['http://localhost:3000/', 'use 127.0.0.1'],
    ['http://api.localhost/', 'this machine'],
    [`https://hooks.example.com/${'a'.repeat(2048)}`, 'at most'],
  ])('refuses %s', (url, reason) => {
    const checked = checkWebhookUrl(url, development);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).toContain(reason);
  });

  it('refuses in production what only development allows, and single-label names', () => {
    expect(checkWebhookUrl('http://hooks.example.com/', production)).toMatchObject({ ok: false });
    expect(checkWebhookUrl('https://intranet/', production)).toMatchObject({
      ok: false,
      reason: 'URL must name a public host',
    });
    expect(checkWebhookUrl('https://10.0.0.1/', production)).toMatchObject({ ok: false });
  });

  it('accepts public https URLs on the usual and the high ports', () => {
    for (const url of [
      'https://hooks.example.com/panelhub',
      'https://hooks.example.com:443/x',
      'https://hooks.example.com:8443/x?env=live',
      `https://[${PUBLIC_V6}]/x`,
    ]) {
      expect(checkWebhookUrl(url, production).ok, url).toBe(true);
    }
  });
});

describe('address classes', () => {
  it.each([
    ['8.8.8.8', null],
    ['1.1.1.1', null],
    ['2001:4860:4860::8888', null],
    ['172.15.255.255', null],
    ['172.32.0.0', null],
    ['100.63.255.255', null],
    ['100.128.0.0', null],
    ['::ffff:8.8.8.8', null],
    ['64:ff9b::808:808', null],
    ['172.31.255.255', 'private'],
    ['100.127.255.255', 'shared (carrier-grade NAT)'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['::127.0.0.1', 'reserved'],
    ['fe80::1%eth0', 'link-local'],
    ['fd12:3456::1', 'private'],
    ['ff02::1', 'multicast'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['2a00:1450:4001::1', null],
    ['4000::1', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(refusedAddressKind(address)).toBe(kind);
  });
});
