import { z } from 'zod';

/**
 * What the web app needs to know about this installation (D1): brand, contact details,
 * and in demo mode the demo sign-in (D2). The server embeds it in every page it serves.
 */
export const siteInfoSchema = z.object({
  brandName: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  location: z.string(),
  social: z.object({
    twitter: z.string().optional(),
    linkedin: z.string().optional(),
    github: z.string().optional(),
  }),
  demo: z
    .object({
      adminEmail: z.string(),
      customerEmail: z.string(),
      password: z.string(),
    })
    .nullable(),
});

export type SiteInfo = z.infer<typeof siteInfoSchema>;

/** Id of the JSON script element that carries SiteInfo in the served HTML. */
export const SITE_DATA_ELEMENT_ID = 'site-data';
/** Marker in index.html that the server replaces with the SiteInfo element. */
export const SITE_DATA_PLACEHOLDER = '<!--site-data-->';

/** JSON that is safe inside a <script> element: nothing can close the element early. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026');
}
