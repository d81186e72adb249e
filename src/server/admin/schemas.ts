/** Route tags: every admin route is documented under one heading in the OpenAPI file. */
export const tags = ['admin'];

export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
