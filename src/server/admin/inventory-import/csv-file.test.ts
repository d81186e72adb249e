import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors';
import { readInventoryCsv } from './csv-file';
import { validateRecords } from './validate';

function refusal(text: string): string {
  try {
    readInventoryCsv(text);
  } catch (error) {
    if (error instanceof ApiError) {
      expect(error.statusCode).toBe(400);
      return error.message;
    }
    throw error;
  }
  throw new Error('expected the file to be refused');
}

describe('readInventoryCsv', () => {
  it('reads RFC 4180: quotes, doubled quotes, line breaks inside quotes, CRLF/LF, BOM, blank lines', () => {
    const file = readInventoryCsv(
      '\uFEFFEmail , PASSWORD,domains\r\n' +
        'a@x.example,"p,1",10\r\n' +
        '\r\n' +
        '"b@x.example","say ""hi""",\n' +
        'c@x.example,"two\nlines",5\n' +
        ',,\n' +
        'd@x.example,plain\n',
    );
    expect(file.columns).toEqual(['email', 'password', 'domains']);
    expect(file.records).toEqual([
      { line: 2, fields: { email: 'a@x.example', password: 'p,1', domains: '10' }, fieldCount: 3 },
      { line: 4, fields: { email: 'b@x.example', password: 'say "hi"', domains: '' }, fieldCount: 3 },
      { line: 5, fields: { email: 'c@x.example', password: 'two\nlines', domains: '5' }, fieldCount: 3 },
      { line: 8, fields: { email: 'd@x.example', password: 'plain' }, fieldCount: 2 },
    ]);
  });

  it('refuses what is not a CSV file with the header, saying why', () => {
    expect(refusal('')).toBe('The file is empty.');
    expect(refusal('PK\u0003\u0004\u0000\u0000binary')).toContain('This is not a CSV text file.');
    expect(refusal('a@x.example,secret\n')).toContain('This file has no header.');
    expect(refusal('{"email": "a@x.example"}')).toContain('The file is not valid CSV');
    expect(refusal('email,password,colour\n')).toContain('Unknown column "colour".');
    expect(refusal('email,domains\n')).toContain('The header has no password column.');
    expect(refusal('email,password,email\n')).toBe('The column "email" appears twice.');
    expect(refusal('email,password\n')).toBe('The file has a header but no panel rows.');
    expect(refusal('email,password\na@x.example,"open\nb@x.example,x\n')).toBe(
      'The file is not valid CSV: a quoted field is never closed (line 3).',
    );
    expect(refusal('email,password\na@x.example,ab"c"d\n')).toContain(
      'a quote in the middle of a field (line 2)',
    );
  });
});

describe('validateRecords', () => {
  it('reports each bad row with its line and every reason, keeping the first of repeated e-mails', () => {
    const file = readInventoryCsv(
      [
        'email,password,domains,max_mailboxes',
        'good@x.example,pw,,',
        'GOOD@x.example,pw2,,',
        'not-an-email,pw,,',
        ',pw,,',
        'nopass@x.example,,,',
        'range@x.example,pw,0,100001',
        'range2@x.example,pw,12.5,abc',
        'short@x.example,pw',
        '"multi@x.example","line\nbreak",,',
        'ok2@x.example,"a, ""b""",700,50',
      ].join('\n'),
    );
    const { candidates, rejected } = validateRecords(file);
    expect(candidates).toEqual([
      {
        line: 2,
        written: 'good@x.example',
        email: 'good@x.example',
        password: 'pw',
        domains: 699,
        maxMailboxes: 2000,
      },
      {
        line: 12,
        written: 'ok2@x.example',
        email: 'ok2@x.example',
        password: 'a, "b"',
        domains: 700,
        maxMailboxes: 50,
      },
    ]);
    expect(rejected).toEqual([
      { line: 3, email: 'GOOD@x.example', reason: 'Duplicate e-mail: also on line 2.' },
      { line: 4, email: 'not-an-email', reason: 'Not a valid e-mail address.' },
      { line: 5, email: '', reason: 'Missing e-mail.' },
      { line: 6, email: 'nopass@x.example', reason: 'Missing password.' },
      {
        line: 7,
        email: 'range@x.example',
        reason:
          'domains must be a whole number from 1 to 10,000. max_mailboxes must be a whole number from 1 to 100,000.',
      },
      {
        line: 8,
        email: 'range2@x.example',
        reason:
          'domains must be a whole number from 1 to 10,000. max_mailboxes must be a whole number from 1 to 100,000.',
      },
      { line: 9, email: 'short@x.example', reason: 'Expected 4 fields, found 2.' },
      {
        line: 10,
        email: 'multi@x.example',
        reason: 'Password contains a line break or another control character.',
      },
    ]);
  });
});
