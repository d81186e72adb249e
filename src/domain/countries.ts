/**
 * ISO 3166-1 alpha-2 country codes (the officially assigned ones), the only values a billing
 * profile's country may take. Names come from Intl.DisplayNames so the list stays codes only.
 */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
  'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
  'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
  'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
  'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
  'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const COUNTRY_SET = new Set(COUNTRY_CODES);

export const isCountryCode = (value: string): boolean => COUNTRY_SET.has(value);

let names: Intl.DisplayNames | undefined;

/** "DE" → "Germany"; a value that is not a code (older free-text profiles) is shown as it is. */
export function countryName(code: string): string {
  if (!isCountryCode(code)) return code;
  names ??= new Intl.DisplayNames(['en'], { type: 'region' });
  return names.of(code) ?? code;
}

/** Every country as { code, name }, sorted by name, for the billing profile's select. */
export function countryOptions(): { code: string; name: string }[] {
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
    a.name.localeCompare(b.name, 'en'),
  );
}

/**
 * The EU member states' VAT number formats (the VIES formats): the prefix, then the national
 * part. Greece's prefix is EL, not its ISO code.
 */
export const EU_VAT_FORMATS: Record<string, { prefix: string; pattern: RegExp; example: string }> = {
  AT: { prefix: 'ATU', pattern: /^\d{8}$/, example: 'ATU12345678' },
  BE: { prefix: 'BE', pattern: /^[01]\d{9}$/, example: 'BE0123456789' },
  BG: { prefix: 'BG', pattern: /^\d{9,10}$/, example: 'BG123456789' },
  CY: { prefix: 'CY', pattern: /^\d{8}[A-Z]$/, example: 'CY12345678X' },
  CZ: { prefix: 'CZ', pattern: /^\d{8,10}$/, example: 'CZ12345678' },
  DE: { prefix: 'DE', pattern: /^\d{9}$/, example: 'DE123456789' },
  DK: { prefix: 'DK', pattern: /^\d{8}$/, example: 'DK12345678' },
  EE: { prefix: 'EE', pattern: /^\d{9}$/, example: 'EE123456789' },
  ES: { prefix: 'ES', pattern: /^[A-Z0-9]\d{7}[A-Z0-9]$/, example: 'ESX1234567X' },
  FI: { prefix: 'FI', pattern: /^\d{8}$/, example: 'FI12345678' },
  FR: { prefix: 'FR', pattern: /^[A-HJ-NP-Z0-9]{2}\d{9}$/, example: 'FR12345678901' },
  GR: { prefix: 'EL', pattern: /^\d{9}$/, example: 'EL123456789' },
  HR: { prefix: 'HR', pattern: /^\d{11}$/, example: 'HR12345678901' },
  HU: { prefix: 'HU', pattern: /^\d{8}$/, example: 'HU12345678' },
  IE: { prefix: 'IE', pattern: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/, example: 'IE1234567T' },
  IT: { prefix: 'IT', pattern: /^\d{11}$/, example: 'IT12345678901' },
  LT: { prefix: 'LT', pattern: /^(\d{9}|\d{12})$/, example: 'LT123456789' },
  LU: { prefix: 'LU', pattern: /^\d{8}$/, example: 'LU12345678' },
  LV: { prefix: 'LV', pattern: /^\d{11}$/, example: 'LV12345678901' },
  MT: { prefix: 'MT', pattern: /^\d{8}$/, example: 'MT12345678' },
  NL: { prefix: 'NL', pattern: /^\d{9}B\d{2}$/, example: 'NL123456789B01' },
  PL: { prefix: 'PL', pattern: /^\d{10}$/, example: 'PL1234567890' },
  PT: { prefix: 'PT', pattern: /^\d{9}$/, example: 'PT123456789' },
  RO: { prefix: 'RO', pattern: /^\d{2,10}$/, example: 'RO1234567' },
  SE: { prefix: 'SE', pattern: /^\d{10}01$/, example: 'SE123456789001' },
  SI: { prefix: 'SI', pattern: /^\d{8}$/, example: 'SI12345678' },
  SK: { prefix: 'SK', pattern: /^\d{10}$/, example: 'SK1234567890' },
};

export const isEuCountry = (code: string | null | undefined): boolean =>
  code !== null && code !== undefined && code in EU_VAT_FORMATS;

/** Spaces, dots and dashes people type inside a VAT number are not part of it. */
export const normaliseTaxNumber = (value: string): string => value.replace(/[\s.-]/g, '').toUpperCase();

/** Null when `vat` (normalised) is a valid VAT number of EU member state `country`; else the message. */
export function euVatProblem(country: string, vat: string): string | null {
  const format = EU_VAT_FORMATS[country];
  if (!format) return null;
  const name = countryName(country);
  if (!vat.startsWith(format.prefix))
    return `A VAT number from ${name} starts with ${format.prefix}, e.g. ${format.example}.`;
  if (!format.pattern.test(vat.slice(format.prefix.length)))
    return `This is not a valid VAT number for ${name}; it looks like ${format.example}.`;
  return null;
}
